import { useEffect, useRef, type MouseEvent } from "react";
import { Link } from "react-router";
import { applyResults } from "~/content/apply";
import type { OutcomeView } from "~/domain/application-outcome";
import { useGoToSection } from "~/lib/scroll";

/** Replaces the form after submission (spec §2). */
export function ApplicationResultView({ outcome }: { outcome: OutcomeView }) {
  const goTo = useGoToSection();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The result replaces a long form: bring its heading into view and move focus to it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const toFaq = (event: MouseEvent) => {
    event.preventDefault();
    goTo("faq");
  };
  let title: string;
  let body: React.ReactNode;
  switch (outcome.kind) {
    case "has_questions":
      title = applyResults.hasQuestions.title;
      body = (
        <>
          {applyResults.hasQuestions.body}{" "}
          <a href="/#faq" onClick={toFaq} className="font-semibold text-brand-700 underline">
            {applyResults.hasQuestions.faqLink}
          </a>
          {applyResults.hasQuestions.after}
        </>
      );
      break;
    case "waitlist":
      title = applyResults.waitlistTitle;
      body = applyResults.waitlist[outcome.variant];
      break;
    case "not_suited":
      title = applyResults.notSuited.title;
      body = (
        <>
          {applyResults.notSuited.body}{" "}
          <Link to="/resource-library" className="font-semibold text-brand-700 underline">
            {applyResults.notSuited.resourcesLink}
          </Link>
        </>
      );
      break;
  }
  return (
    <div
      role="status"
      className="mt-8 rounded-xl border border-brand-100 bg-white p-8 shadow-sm"
      data-outcome={outcome.kind}
    >
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold text-brand-900 outline-none"
      >
        {title}
      </h2>
      <p className="mt-4 text-slate-700">{body}</p>
      {outcome.kind !== "not_suited" && (
        <p className="mt-3 text-sm text-slate-600">{applyResults.emailNote}</p>
      )}
      <Link
        to="/"
        className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4"
      >
        {applyResults.home}
      </Link>
    </div>
  );
}
