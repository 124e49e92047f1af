import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { testimonialsSection } from "~/content/home";

interface Testimonial {
  name: string;
  position: string;
  company: string;
  quote: string;
  rating: number;
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={cn(cardVariants({ flat: true }), "flex h-full flex-col bg-slate-50")}>
      <p
        role="img"
        aria-label={testimonialsSection.ratingLabel(testimonial.rating)}
        className="flex gap-1 text-gold-400"
      >
        {Array.from({ length: testimonial.rating }, (_, index) => (
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
      <blockquote className="mt-4 flex-1 text-slate-800">“{testimonial.quote}”</blockquote>
      <figcaption className="mt-4 text-sm">
        <span className="font-semibold text-slate-900">{testimonial.name}</span>
        <span className="block text-slate-600">
          {testimonial.position}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  );
}
