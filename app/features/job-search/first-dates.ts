/**
 * The first dates an application's row keeps beside its history (decision 0068): its first move
 * to Applied, to Interview and to Offer, the facts "sent" and the owner's report's medians are
 * read from. Pure: every writer of moves derives the columns here, and every reader of "sent"
 * applies `sentAt`, so an application is counted without grouping its history.
 */
import type { Stage } from "./stages";

/** The row's columns, UTC instants (ISO), null until the application first reached the stage. */
export interface FirstDates {
  first_applied_at: string | null;
  first_interview_at: string | null;
  first_offer_at: string | null;
}

const COLUMNS = {
  applied: "first_applied_at",
  interview: "first_interview_at",
  offer: "first_offer_at",
} as const satisfies Partial<Record<Stage, keyof FirstDates>>;

/** The column a move to `stage` may date; null for a stage none of them keeps. */
export function firstDateColumn(stage: Stage): keyof FirstDates | null {
  return stage in COLUMNS ? COLUMNS[stage as keyof typeof COLUMNS] : null;
}

/** The first dates of a history: its moves in any order. */
export function firstDates(moves: readonly { at: string; to: Stage }[]): FirstDates {
  const dates: FirstDates = {
    first_applied_at: null,
    first_interview_at: null,
    first_offer_at: null,
  };
  for (const move of moves) {
    const column = firstDateColumn(move.to);
    if (!column) continue;
    const known = dates[column];
    if (known === null || move.at < known) dates[column] = move.at;
  }
  return dates;
}

/**
 * When the application was sent: its first move to Applied, or, when it skipped Applied (a
 * referral straight to an interview), the earlier of its first Interview and first Offer; null
 * while it is not sent. The owner's report counts the same in SQL (cohort-report.server.ts).
 */
export function sentAt(dates: FirstDates): string | null {
  const { first_applied_at: applied, first_interview_at: interview, first_offer_at: offer } = dates;
  if (applied !== null) return applied;
  if (interview === null || offer === null) return interview ?? offer;
  return interview < offer ? interview : offer;
}
