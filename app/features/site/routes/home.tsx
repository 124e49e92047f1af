import { readCohortAnnouncement } from "~/features/cohort/announcement.server";
import { CohortLine } from "~/features/site/cohort-line";
import { HeroHeading } from "~/components/hero-heading";
import { FaqAccordion } from "~/features/site/faq-accordion";
import { buttonVariants } from "~/components/ui/button";
import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { HomeStats, HomeTestimonials } from "~/features/site/home-stories";
import { VideoEmbed } from "~/features/site/video-embed";
import {
  callToAction,
  curriculum,
  faqSection,
  faqs,
  hero,
  included,
  program,
  testimonialsSection,
} from "~/features/site/home.words";
import { site } from "~/content/site";
import { videos } from "~/features/site/videos.words";
import { staticPage } from "~/lib/page-handle";
import { readHomeStories } from "~/features/outcomes/testimonial-publishing.server";
import type { Route } from "./+types/home";

const tile = cardVariants({ padding: "md", flat: true });

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-3xl font-bold text-brand-900">
      {children}
    </h2>
  );
}

function Subheading({ children }: { children: string }) {
  return <h3 className="mt-14 text-2xl font-semibold text-brand-900">{children}</h3>;
}

function WeekTile({ week }: { week: (typeof curriculum)[number] }) {
  return (
    <li className={tile}>
      <p className="text-sm font-semibold text-brand-700">{program.weekLabel(week.week)}</p>
      <h4 className="mt-1 text-lg font-semibold">{week.title}</h4>
      <p className="mt-2 text-slate-700">{week.detail}</p>
    </li>
  );
}

/** Marketing copy in plain HTML: no framework JavaScript (app/lib/page-handle.ts). */
export const handle = staticPage;

/** How long this instance keeps the page's live parts before reading them again. */
export const LIVE_PARTS_MS = 5_000;

/**
 * The page's live parts: the current cohort's start and seats left, the published testimonials
 * and the headline's setting. Read once and kept LIVE_PARTS_MS for every visitor (decision 0058);
 * a write on this instance clears them at once, another instance's shows when they expire.
 */
export async function loader({ context: { services } }: Route.LoaderArgs) {
  return services.memo.get("home", LIVE_PARTS_MS, async () => {
    const [cohort, stories] = await Promise.all([
      readCohortAnnouncement(services),
      readHomeStories(services.db),
    ]);
    return { cohort, stories };
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <HeroHeading eyebrow={hero.eyebrow} title={hero.title} large />
            <p className="mt-5 text-lg text-slate-700">{hero.subtitle}</p>
            <CohortLine announcement={loaderData.cohort} />
            <p className="mt-3 text-sm text-slate-600">{site.feeDescription}</p>
            <a href="/apply" className={cn(buttonVariants(), "mt-8")}>
              {hero.apply}
            </a>
          </div>
          <VideoEmbed videoId={videos.hero} title={hero.videoTitle} />
        </div>
      </section>

      <section
        id="program"
        className="mx-auto max-w-6xl px-4 py-16"
        aria-labelledby="program-title"
      >
        <SectionTitle id="program-title">{program.title}</SectionTitle>
        <p className="mt-3 max-w-3xl text-slate-700">{program.intro}</p>
        <HomeStats offerCount={loaderData.stories?.offerCount ?? null} />
        <Subheading>{program.curriculumTitle}</Subheading>
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {curriculum.map((week) => (
            <WeekTile key={week.week} week={week} />
          ))}
        </ol>
        <Subheading>{program.includedTitle}</Subheading>
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {included.map((item) => (
            <li key={item} className="flex gap-3 rounded-lg bg-white p-4">
              <span aria-hidden="true" className="font-bold text-brand-700">
                ✓
              </span>
              {item}
            </li>
          ))}
        </ul>
      </section>

      <section id="testimonials" className="bg-white py-16" aria-labelledby="testimonials-title">
        <div className="mx-auto max-w-6xl px-4">
          <SectionTitle id="testimonials-title">{testimonialsSection.title}</SectionTitle>
          <p className="mt-3 text-slate-700">{testimonialsSection.intro}</p>
          <HomeTestimonials published={loaderData.stories?.published ?? []} />
          <div className="mx-auto mt-12 max-w-3xl">
            <VideoEmbed videoId={videos.testimonials} title={testimonialsSection.videoTitle} />
          </div>
        </div>
      </section>

      <section className="bg-brand-900 py-16 text-center text-white" aria-labelledby="cta-title">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="cta-title" className="text-3xl font-bold">
            {callToAction.title}
          </h2>
          <p className="mt-4 text-slate-200">{callToAction.body}</p>
          <a href="/apply" className={cn(buttonVariants({ variant: "accent" }), "mt-8")}>
            {callToAction.button}
          </a>
        </div>
      </section>

      <section id="faq" className="mx-auto max-w-3xl px-4 py-16" aria-labelledby="faq-title">
        <SectionTitle id="faq-title">{faqSection.title}</SectionTitle>
        <div className="mt-8">
          <FaqAccordion items={faqs} name="faq" />
        </div>
      </section>
    </>
  );
}
