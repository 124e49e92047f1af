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

export type Outcome =
  | { kind: "not_suited" }
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
  if (!isFinanceFit(input.careerTargets, input.careerOther)) return { kind: "not_suited" };
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
  | { kind: "not_suited" }
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

/**
 * The result page after an application is `/apply?result=<key>` (post/redirect/get), so a
 * refresh shows the result again and never re-submits. The key names the message, nothing more.
 */
export function resultKey(outcome: OutcomeView): string {
  return outcome.kind === "waitlist" ? outcome.variant : outcome.kind;
}

export function outcomeOfResultKey(key: string | null): OutcomeView | null {
  if (key === "not_suited" || key === "has_questions" || key === "check_email")
    return { kind: key };
  const variant = WAITLIST_VARIANTS.find((candidate) => candidate === key);
  return variant ? { kind: "waitlist", variant } : null;
}
