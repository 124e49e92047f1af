import { jobsText } from "../../app/features/ops/jobs.words";
import { consoleText } from "../../app/content/console";
import { EMAIL_KINDS } from "../../app/content/console-words";
import { ownerWaitlistWords } from "../../app/features/applications/application-emails.words";
import { leadMagnets } from "../../app/features/leads/lead-magnets.words";
import { PERSON_STATUSES } from "../../app/features/applications/application-outcome";
import { TOUCHES } from "../../app/features/analytics/attribution";

/**
 * The codes the site stores that read as codes (snake_case, kebab-case, `kind:part`), which no
 * console page may show a person: statuses, waitlist reasons, resources and their tags, email
 * kinds, marketing states, job names, consent sources and modes, touch keys, payment and outbox
 * states. Built from the lists the site itself keeps, so a new code is checked too.
 */
const stored: string[] = [
  ...PERSON_STATUSES,
  ...Object.keys(ownerWaitlistWords),
  ...Object.keys(leadMagnets),
  ...Object.values(leadMagnets).map((magnet) => magnet.tag),
  ...Object.keys(leadMagnets).map((type) => `lead:${type}`),
  ...EMAIL_KINDS,
  ...Object.keys(consoleText.person.marketingStatuses),
  ...Object.keys(jobsText.names),
  ...TOUCHES.map((touch) => `${touch}_touch`),
  "lead_magnet",
  "refund_needed",
  "opt-in",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "suppressed",
  "pending",
];

const consoleCodes: string[] = [
  ...new Set(
    stored.filter((code) => /[_:-]/.test(code) || code === "suppressed" || code === "pending"),
  ),
];

const escape = (code: string) => code.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The codes in `text`, read as words: a code inside a link's address (`?utm_source=…`, `/opt-in/`)
 * is part of the address, not shown as a code.
 */
export function codesIn(text: string): string[] {
  return consoleCodes.filter((code) =>
    new RegExp(`(?<![\\w\\-:/?&=.])${escape(code)}(?![\\w\\-:=/&])`).test(text),
  );
}
