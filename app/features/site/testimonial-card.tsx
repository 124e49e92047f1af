import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { testimonialsSection } from "./home.words";
import { PHOTO_DISPLAY_SIZE } from "~/features/outcomes/testimonial-photo";

interface Testimonial {
  name: string;
  /** The role: the written testimonials name one; a student's names only the firm. */
  position?: string;
  company: string;
  quote: string;
  /** A published "full" testimonial's photo address (never with a first name only). */
  photo?: string;
  /** Stars: only the written testimonials carry a rating. */
  rating?: number;
}

/**
 * One testimonial: a written one or a student's, published with the words of its consent.
 */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { rating } = testimonial;
  return (
    <figure className={cn(cardVariants({ flat: true }), "flex h-full flex-col bg-slate-50")}>
      {rating ? (
        <p
          role="img"
          aria-label={testimonialsSection.ratingLabel(rating)}
          className="flex gap-1 text-gold-400"
        >
          {Array.from({ length: rating }, (_, index) => (
            <svg
              key={index}
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 20 20"
              fill="currentColor"
              data-star=""
            >
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z" />
            </svg>
          ))}
        </p>
      ) : null}
      <blockquote className={cn("flex-1 text-slate-800", rating ? "mt-4" : undefined)}>
        {`“${testimonial.quote}”`}
      </blockquote>
      <figcaption className="mt-4 flex items-center gap-3 text-sm">
        {testimonial.photo ? (
          <img
            src={testimonial.photo}
            alt={testimonial.name}
            width={PHOTO_DISPLAY_SIZE}
            height={PHOTO_DISPLAY_SIZE}
            loading="lazy"
            decoding="async"
            className="size-16 shrink-0 rounded-full object-cover"
            data-story-photo=""
          />
        ) : null}
        <span>
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          <span className="block text-slate-600">
            {testimonial.position
              ? `${testimonial.position}, ${testimonial.company}`
              : testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
