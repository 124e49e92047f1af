/** Transactional mail always goes; `tips` and `news` are marketing. */
export type MailCategory = "transactional" | "tips" | "news";
/** none: never agreed; subscribed: tips and news; cohort_news: news only; unsubscribed: nothing. */
export type MarketingStatus = "none" | "subscribed" | "cohort_news" | "unsubscribed";

/**
 * Who may get which mail. Transactional mail (what the person just asked for) always goes.
 * Marketing is `tips` (nurture sequences, tip broadcasts) or `news` (cohort news: enrollment is
 * open, news broadcasts): `subscribed` people get both, `cohort_news` people news only, and
 * nobody gets marketing after unsubscribing or once their address has bounced for good.
 */
export function mayReceive(
  person: { marketing: MarketingStatus; undeliverable_at: string | null },
  category: MailCategory,
): boolean {
  if (category === "transactional") return true;
  if (person.undeliverable_at) return false;
  if (category === "news")
    return person.marketing === "subscribed" || person.marketing === "cohort_news";
  return person.marketing === "subscribed";
}

/** The statuses that receive a category of marketing mail (for audience queries). */
export function statusesReceiving(category: "tips" | "news"): MarketingStatus[] {
  return category === "news" ? ["subscribed", "cohort_news"] : ["subscribed"];
}

export type ConsentMode = "opt-in" | "notice";

/**
 * What a form does to a person's marketing status. With `opt-in`, ticking the box subscribes
 * (again, after an unsubscribe: it is a new, explicit consent) and leaving it unticked changes
 * nothing. With `notice`, submitting subscribes someone who never had a say, but never someone
 * who unsubscribed or chose cohort news only: a form is not a new "yes". Returns the new status,
 * or null when nothing changes (and no consent is recorded).
 */
export function statusAfterForm(
  current: MarketingStatus,
  form: { mode: ConsentMode; ticked: boolean },
): MarketingStatus | null {
  if (form.mode === "opt-in") return form.ticked && current !== "subscribed" ? "subscribed" : null;
  return current === "none" ? "subscribed" : null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a sequence email that is due may go, given the last marketing email the person was sent
 * or queued: at most one per day, so a person in two sequences gets them a day apart.
 */
export function nextAllowedSend(due: Date, lastMarketingAt: Date | null): Date {
  if (!lastMarketingAt) return due;
  const allowed = new Date(lastMarketingAt.getTime() + DAY_MS);
  return allowed > due ? allowed : due;
}

/** When the first email of a sequence is due: its day after the resource was taken. */
export function firstStepAt(startedAt: Date, afterDays: number): Date {
  return new Date(startedAt.getTime() + afterDays * DAY_MS);
}

/** When the next email of a sequence is due: on its own day, and never within a day of this one. */
export function nextStepAt(startedAt: Date, afterDays: number, sentAt: Date): Date {
  const onItsDay = firstStepAt(startedAt, afterDays);
  const aDayLater = new Date(sentAt.getTime() + DAY_MS);
  return onItsDay > aDayLater ? onItsDay : aDayLater;
}

export type SequenceVerdict = "send" | "wait" | "applied" | "enrolled" | "unsubscribed";

/**
 * What a due sequence email does for this person: it goes, it waits (the address bounced: it
 * goes on once the owner clears the flag), or the sequence stops for good (they applied,
 * enrolled or no longer want tips).
 */
export function sequenceVerdict(person: {
  status: string;
  marketing: MarketingStatus;
  undeliverable_at: string | null;
}): SequenceVerdict {
  if (person.status === "enrolled") return "enrolled";
  if (person.status !== "lead") return "applied";
  if (person.marketing !== "subscribed") return "unsubscribed";
  if (person.undeliverable_at) return "wait";
  return "send";
}

/**
 * What "Only send me cohort news" does: narrows a subscriber to news; for anyone else it is a new
 * request for news, so a consent is recorded with it (`consent: true`).
 */
export function newsOnlyChoice(current: MarketingStatus): { consent: boolean } {
  return { consent: current !== "subscribed" && current !== "cohort_news" };
}

/**
 * Which consent mode a form submission counts under: `notice` only when the server is set to it
 * and the form showed the notice (a page rendered under opt-in, e.g. before a settings change,
 * showed the box, so only a tick counts).
 */
export function effectiveConsentMode(configured: ConsentMode, shown: string | undefined) {
  return configured === "notice" && shown === "notice" ? "notice" : "opt-in";
}

/** The RFC 2369 and RFC 8058 headers of a marketing email: one-click unsubscribe. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${encodeURIComponent(token)}`;
}

/** The page that asks what to stop, where opening the unsubscribe link leads. */
export function unsubscribeChoicePath(token: string): string {
  return `/unsubscribe/${encodeURIComponent(token)}/choose`;
}

/** The body a mail provider posts for a one-click unsubscribe (RFC 8058). */
export function isOneClickBody(form: { get(name: string): unknown }): boolean {
  return form.get("List-Unsubscribe") === "One-Click";
}
