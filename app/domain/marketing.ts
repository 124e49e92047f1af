/** Transactional mail always goes; `tips` and `news` are marketing. */
export type MailCategory = "transactional" | "tips" | "news";
/** none: never agreed; subscribed: tips and news; cohort_news: news only; unsubscribed: nothing. */
export type MarketingStatus = "none" | "subscribed" | "cohort_news" | "unsubscribed";

/**
 * Who may get which mail. Transactional mail (what the person just asked for) always goes.
 * Marketing is `tips` (nurture sequences, tip broadcasts) or `news` (cohort news: enrolment is
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

/** The body a mail provider posts for a one-click unsubscribe (RFC 8058). */
export function isOneClickBody(form: { get(name: string): unknown }): boolean {
  return form.get("List-Unsubscribe") === "One-Click";
}
