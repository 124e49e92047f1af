import { isFinanceFit } from "./finance-fit";

export const PERSON_STATUSES = [
  "lead",
  "qualified",
  "waitlist",
  "has_questions",
  "enrolled",
] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];
export type WaitlistVariant = "cohort_full" | "cannot_commit" | "not_ready" | "both";

export const STATUS_REASONS = {
  hasQuestions: "applicant has questions before proceeding",
  qualified: "qualified applicant ready to start",
  notReady: "not ready to enroll",
  cannotCommit: "cannot commit required time",
  cohortFull: "cohort is full",
} as const;

/**
 * Why an application is not suited (the finance-fit rule, finance-fit.ts): Consulting is welcome
 * alongside a finance track but does not qualify on its own; otherwise no finance track was named.
 */
export type NotSuitedReason = "consulting_without_finance" | "no_finance_track";

export function notSuitedReason(careerTargets: readonly string[]): NotSuitedReason {
  return careerTargets.includes("Consulting") ? "consulting_without_finance" : "no_finance_track";
}

export type Outcome =
  | { kind: "not_suited"; why: NotSuitedReason }
  | { kind: "has_questions"; status: "has_questions"; reason: string }
  | { kind: "qualified"; status: "qualified"; reason: string }
  | { kind: "waitlist"; status: "waitlist"; reason: string; variant: WaitlistVariant };

export interface OutcomeInput {
  careerTargets: readonly string[];
  careerOther?: string;
  hoursPerWeek: "yes" | "no";
  readyToEnroll: "yes" | "no" | "questions";
}

/** The application outcome, with a full cohort turning would-be qualified into the waitlist. */
export function decideOutcome(input: OutcomeInput, cohortFull: boolean): Outcome {
  if (!isFinanceFit(input.careerTargets, input.careerOther))
    return { kind: "not_suited", why: notSuitedReason(input.careerTargets) };
  if (input.hoursPerWeek !== "yes") {
    const variant = input.readyToEnroll === "no" ? "both" : "cannot_commit";
    return { kind: "waitlist", status: "waitlist", reason: STATUS_REASONS.cannotCommit, variant };
  }
  switch (input.readyToEnroll) {
    case "questions":
      return {
        kind: "has_questions",
        status: "has_questions",
        reason: STATUS_REASONS.hasQuestions,
      };
    case "yes":
      return cohortFull
        ? {
            kind: "waitlist",
            status: "waitlist",
            reason: STATUS_REASONS.cohortFull,
            variant: "cohort_full",
          }
        : { kind: "qualified", status: "qualified", reason: STATUS_REASONS.qualified };
    default:
      return {
        kind: "waitlist",
        status: "waitlist",
        reason: STATUS_REASONS.notReady,
        variant: "not_ready",
      };
  }
}

/** What the applicant sees once the form is gone: the outcome without the stored reason. */
export type OutcomeView =
  | { kind: "not_suited"; why: NotSuitedReason }
  | { kind: "has_questions" }
  /** Qualified, but the post did not prove the address is theirs: the /enroll link is emailed. */
  | { kind: "check_email" }
  | { kind: "waitlist"; variant: WaitlistVariant };

const WAITLIST_VARIANTS: readonly WaitlistVariant[] = [
  "cohort_full",
  "cannot_commit",
  "not_ready",
  "both",
];

/** The result keys of the not-suited reasons (`not_suited` alone is the older key, kept). */
const NOT_SUITED_KEYS: Record<NotSuitedReason, string> = {
  no_finance_track: "not_suited",
  consulting_without_finance: "not_suited_consulting",
};

/**
 * The result page after an application is `/apply?result=<key>` (post/redirect/get), so a
 * refresh shows the result again and never re-submits. The key names the message, nothing more.
 */
export function resultKey(outcome: OutcomeView): string {
  if (outcome.kind === "not_suited") return NOT_SUITED_KEYS[outcome.why];
  return outcome.kind === "waitlist" ? outcome.variant : outcome.kind;
}

export function outcomeOfResultKey(key: string | null): OutcomeView | null {
  if (key === "has_questions" || key === "check_email") return { kind: key };
  const why = (Object.keys(NOT_SUITED_KEYS) as NotSuitedReason[]).find(
    (reason) => NOT_SUITED_KEYS[reason] === key,
  );
  if (why) return { kind: "not_suited", why };
  const variant = WAITLIST_VARIANTS.find((candidate) => candidate === key);
  return variant ? { kind: "waitlist", variant } : null;
}
