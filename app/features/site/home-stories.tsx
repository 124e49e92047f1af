import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { TestimonialCard } from "./testimonial-card";
import { stats, testimonials } from "./home.words";
import { homeStories, offerCountStat, type Story } from "~/features/outcomes/testimonials";

/**
 * The two parts of the home page that the owner's testimonials change: the headline stats and
 * the testimonials' grid. With no published testimonial and the count hidden they show the
 * written testimonials and "4+".
 */

const tile = cardVariants({ padding: "md", flat: true });

/** `offerCount`: the count of confirmed offers when the owner shows it, else null. */
export function HomeStats({ offerCount }: { offerCount: number | null }) {
  return (
    <dl className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className={cn(tile, "text-center")}>
          <dt className="text-sm text-slate-600">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-900" data-stat={stat.key}>
            {stat.key === "stories" ? offerCountStat(stat.value, offerCount) : stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function HomeTestimonials({ published }: { published: readonly Story[] }) {
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-2" data-stories={published.length}>
      {homeStories(published, testimonials).map((story) => (
        <TestimonialCard key={story.id} testimonial={story} />
      ))}
    </div>
  );
}
