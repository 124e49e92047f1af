/**
 * The stages of a job application and which moves between them are allowed (issue 47, item 1).
 * Pure: the move form offers exactly these, and the server refuses any other.
 *
 * Wishlist → Applied → Interview (rounds) → Offer → Accepted / Declined, forward steps may be
 * skipped (a referral can lead straight to an interview); Rejected, Withdrawn and Ghosted from any
 * open stage. A ghosted application may come back (the firm answered after all). Accepted,
 * Declined, Rejected and Withdrawn are where an application ends.
 */

export const STAGES = [
  "wishlist",
  "applied",
  "interview",
  "offer",
  "accepted",
  "declined",
  "rejected",
  "withdrawn",
  "ghosted",
] as const;
export type Stage = (typeof STAGES)[number];

/** Where an application can come from. */
export const SOURCES = ["posting", "referral", "networking", "career_fair", "other"] as const;
export type ApplicationSource = (typeof SOURCES)[number];

/** The stages an application is still moving through (shown as columns even when empty). */
export const OPEN_STAGES = ["wishlist", "applied", "interview", "offer"] as const;

/** Interview rounds are numbered 1 to MAX_ROUND. */
export const MAX_ROUND = 10;

const CLOSING: readonly Stage[] = ["rejected", "withdrawn", "ghosted"];

const FORWARD: Record<Stage, readonly Stage[]> = {
  wishlist: ["applied", "interview", "offer"],
  applied: ["interview", "offer"],
  interview: ["interview", "offer"],
  offer: ["accepted", "declined"],
  accepted: [],
  declined: [],
  rejected: [],
  withdrawn: [],
  ghosted: ["interview", "offer", "rejected"],
};

/** The stages an application at `from` may move to, in the order the form offers them. */
export function nextStages(from: Stage): Stage[] {
  const open = (OPEN_STAGES as readonly Stage[]).includes(from);
  const targets = [...FORWARD[from], ...(open ? CLOSING : [])];
  return STAGES.filter((stage) => targets.includes(stage));
}

export type MoveRefusal = "not_allowed" | "round";

/**
 * Whether an application at `from` (in interview round `fromRound`) may move to `to`, with
 * `round` when `to` is Interview: a round from 1 to MAX_ROUND, and past the current one when it is
 * already interviewing. Null when allowed.
 */
export function moveRefusal(
  from: { stage: Stage; round: number | null },
  to: { stage: Stage; round: number | null },
): MoveRefusal | null {
  if (!nextStages(from.stage).includes(to.stage)) return "not_allowed";
  if (to.stage !== "interview") return to.round === null ? null : "round";
  if (to.round === null || !Number.isInteger(to.round) || to.round < 1 || to.round > MAX_ROUND)
    return "round";
  if (from.stage === "interview" && to.round <= (from.round ?? 0)) return "round";
  return null;
}

/** The round a move to Interview suggests: the next one, or the first. */
export function suggestedRound(from: { stage: Stage; round: number | null }): number {
  return from.stage === "interview" ? Math.min((from.round ?? 0) + 1, MAX_ROUND) : 1;
}
