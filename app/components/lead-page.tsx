import type { ReactNode } from "react";
import { Link } from "react-router";
import { FocusHeading } from "~/components/focus-heading";
import { HeroHeading } from "~/components/hero-heading";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { leadSuccess } from "~/content/lead-magnets";

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
  formTitle,
  formIntro,
  confirmation,
  children,
}: {
  copy: LeadPageCopy;
  formTitle: string;
  formIntro?: string;
  confirmation?: { title: string; body: string };
  children: ReactNode;
}) {
  if (confirmation) {
    return (
      <section className="px-4 py-16">
        <LeadConfirmation title={confirmation.title} body={confirmation.body} />
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

/** What replaces the form once the request is done; focus moves to it so it is announced. */
export function LeadConfirmation({
  title,
  body,
  level = 1,
}: {
  title: string;
  body: string;
  level?: 1 | 2;
}) {
  return (
    <Card role="status" tone="brand" padding="xl" className="mx-auto max-w-2xl text-center">
      <span aria-hidden="true" className="text-4xl">
        ✉️
      </span>
      <FocusHeading level={level} className="mt-3 text-3xl">
        {title}
      </FocusHeading>
      <p className="mt-4 text-slate-700">{body}</p>
      <Link to="/" className={cn(linkVariants(), "mt-6 inline-block")}>
        {leadSuccess.home}
      </Link>
    </Card>
  );
}
