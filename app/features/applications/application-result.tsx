import { Link } from "react-router";
import { FocusHeading } from "~/components/focus-heading";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { applyResults } from "./apply.words";
import type { OutcomeView } from "./application-outcome";
import type { MailTiming } from "~/mail/recipient-quota";

/** Replaces the form after submission (spec §2). */
export function ApplicationResultView({
  outcome,
  mail = "now",
}: {
  outcome: OutcomeView;
  /** When the email goes: the address's quota may have put it off (mail/recipient-quota.ts). */
  mail?: MailTiming;
}) {
  let title: string;
  let body: React.ReactNode;
  switch (outcome.kind) {
    case "has_questions":
      title = applyResults.hasQuestions.title;
      body = (
        <>
          {applyResults.hasQuestions.body}{" "}
          <a href="/#faq" className={linkVariants()}>
            {applyResults.hasQuestions.faqLink}
          </a>
          {applyResults.hasQuestions.after}
        </>
      );
      break;
    case "check_email":
      title = applyResults.checkEmail.title;
      body = applyResults.checkEmail.body;
      break;
    case "waitlist":
      title = applyResults.waitlistTitle;
      body = applyResults.waitlist[outcome.variant];
      break;
    case "not_suited":
      title = applyResults.notSuited.title;
      body = (
        <>
          {applyResults.notSuited.body[outcome.why]}{" "}
          <Link reloadDocument to="/resource-library" className={linkVariants()}>
            {applyResults.notSuited.resourcesLink}
          </Link>
        </>
      );
      break;
  }
  return (
    <Card
      role="status"
      tone="brand"
      padding="xl"
      className="mt-8"
      data-outcome={outcome.kind}
      data-why={outcome.kind === "not_suited" ? outcome.why : undefined}
    >
      {/* The result replaces a long form: its heading comes into view and takes focus. */}
      <FocusHeading level={2} className="text-2xl font-semibold">
        {title}
      </FocusHeading>
      <p className="mt-4 text-slate-700">{body}</p>
      {mail !== "now" ? (
        <p className="mt-3 text-sm font-medium text-slate-800" data-mail={mail}>
          {mail === "later" ? applyResults.mailLater : applyResults.mailWithheld}
        </p>
      ) : (
        outcome.kind !== "not_suited" &&
        outcome.kind !== "check_email" && (
          <p className="mt-3 text-sm text-slate-600">{applyResults.emailNote}</p>
        )
      )}
      <Link reloadDocument to="/" className={cn(linkVariants(), "mt-6 inline-block")}>
        {applyResults.home}
      </Link>
    </Card>
  );
}
