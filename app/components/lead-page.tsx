import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { leadSuccess } from "~/content/lead-magnets";

/** The shared frame of a lead page: headline, promise, three benefits, and the form beside them. */
export function LeadPageLayout({
  eyebrow,
  headline,
  promise,
  benefitsTitle,
  benefits,
  formTitle,
  formIntro,
  children,
}: {
  eyebrow: string;
  headline: string;
  promise: string;
  benefitsTitle: string;
  benefits: readonly string[];
  formTitle: string;
  formIntro?: string;
  children: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:py-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-brand-900 md:text-4xl">
            {headline}
          </h1>
          <p className="mt-5 text-lg text-slate-700">{promise}</p>
          <h2 className="mt-8 text-lg font-semibold text-brand-900">{benefitsTitle}</h2>
          <ul className="mt-3 space-y-3">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3">
                <span aria-hidden="true" className="font-bold text-brand-700">
                  ✓
                </span>
                <span className="text-slate-800">{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-semibold text-brand-900">{formTitle}</h2>
          {formIntro && <p className="mt-2 text-slate-700">{formIntro}</p>}
          <div className="mt-5">{children}</div>
        </div>
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div
      role="status"
      className="mx-auto max-w-2xl rounded-xl border border-brand-100 bg-white p-8 text-center shadow-sm"
    >
      <span aria-hidden="true" className="text-4xl">
        ✉️
      </span>
      <Heading
        ref={heading}
        tabIndex={-1}
        className="mt-3 text-3xl font-bold text-brand-900 focus:outline-none"
      >
        {title}
      </Heading>
      <p className="mt-4 text-slate-700">{body}</p>
      <Link
        to="/"
        className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4"
      >
        {leadSuccess.home}
      </Link>
    </div>
  );
}
