import type { ReactNode } from "react";
import { Link } from "react-router";
import { FocusHeading } from "~/components/focus-heading";
import { HeroHeading } from "~/components/hero-heading";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import {
  leadSuccess,
  nextStepsCopy,
  resourceFileTitles,
  resourceFormatLabels,
} from "./lead-magnets.words";
import { nextSteps, type ResourceType } from "./lead-magnets";
import { resourceFormats, resourcePath } from "~/features/resources/formats";

interface LeadPageCopy {
  eyebrow: string;
  headline: string;
  promise: string;
  benefitsTitle: string;
  benefits: readonly string[];
}

/**
 * The shared frame of a lead page: headline, promise, three benefits, and the form beside them;
 * once the form is sent, the confirmation alone.
 */
export function LeadPageLayout({
  copy,
  resourceType,
  formTitle,
  formIntro,
  confirmation,
  details,
  children,
}: {
  copy: LeadPageCopy;
  /** What the page gives away: its confirmation offers the rest (features/leads/lead-magnets.ts). */
  resourceType: ResourceType;
  formTitle: string;
  formIntro?: string;
  confirmation?: { title: string; body: string };
  /** Under the benefits: anything more the page must say before someone sends the form. */
  details?: ReactNode;
  children: ReactNode;
}) {
  if (confirmation) {
    return (
      <section className="px-4 py-16">
        <LeadConfirmation
          title={confirmation.title}
          body={confirmation.body}
          resourceType={resourceType}
        />
      </section>
    );
  }
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:py-16">
        <div>
          <HeroHeading eyebrow={copy.eyebrow} title={copy.headline} />
          <p className="mt-5 text-lg text-slate-700">{copy.promise}</p>
          <h2 className="mt-8 text-lg font-semibold text-brand-900">{copy.benefitsTitle}</h2>
          <ul className="mt-3 space-y-3">
            {copy.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3">
                <span aria-hidden="true" className="font-bold text-brand-700">
                  ✓
                </span>
                <span className="text-slate-800">{benefit}</span>
              </li>
            ))}
          </ul>
          {details}
        </div>
        <Card>
          <h2 className="text-xl font-semibold text-brand-900">{formTitle}</h2>
          {formIntro && <p className="mt-2 text-slate-700">{formIntro}</p>}
          <div className="mt-5">{children}</div>
        </Card>
      </div>
    </section>
  );
}

/**
 * What replaces the form once the request is done; focus moves to it so it is announced. Under
 * it, what to do next: the free files not sent yet, the resume review, and applying.
 */
export function LeadConfirmation({
  title,
  body,
  resourceType,
  level = 1,
}: {
  title: string;
  body: string;
  resourceType: ResourceType;
  level?: 1 | 2;
}) {
  return (
    <Card tone="brand" padding="xl" className="mx-auto max-w-2xl text-center">
      <div role="status">
        <span aria-hidden="true" className="text-4xl">
          ✉️
        </span>
        <FocusHeading level={level} className="mt-3 text-3xl">
          {title}
        </FocusHeading>
        <p className="mt-4 text-slate-700">{body}</p>
      </div>
      <NextStepsList resourceType={resourceType} level={level} />
      <Link to="/" className={cn(linkVariants(), "mt-6 inline-block")}>
        {leadSuccess.home}
      </Link>
    </Card>
  );
}

function NextStepsList({ resourceType, level }: { resourceType: ResourceType; level: 1 | 2 }) {
  const next = nextSteps(resourceType);
  const Heading = level === 1 ? "h2" : "h3";
  return (
    <section
      aria-labelledby="next-steps-title"
      className="mt-8 border-t border-brand-100 pt-6 text-left"
      data-next-steps=""
    >
      <Heading id="next-steps-title" className="text-xl font-semibold text-brand-900">
        {nextStepsCopy.title}
      </Heading>
      {next.files.length > 0 && <p className="mt-3 text-slate-700">{nextStepsCopy.filesIntro}</p>}
      <ul className="mt-2 space-y-2">
        {next.files.map((key) => {
          const format = resourceFormats[key][0];
          return (
            <li key={key}>
              <a
                href={resourcePath(key, format)}
                target="_blank"
                rel="noopener"
                className={linkVariants()}
              >
                {nextStepsCopy.file(resourceFileTitles[key], resourceFormatLabels[format].name)}
                <span className="sr-only"> ({nextStepsCopy.newTab})</span>
              </a>
            </li>
          );
        })}
        {next.resumeReview && (
          <li>
            <a href="/resume-review" className={linkVariants()}>
              {nextStepsCopy.resumeReview}
            </a>
          </li>
        )}
      </ul>
      <p className="mt-5 text-slate-700">{nextStepsCopy.applyIntro}</p>
      <a href="/apply" className={cn(buttonVariants(), "mt-3")}>
        {nextStepsCopy.apply}
      </a>
    </section>
  );
}
