import { DIRECT, type Utm } from "./utm";

/** Which tagged visit an event is credited to: the person's first or their latest. */
export const TOUCHES = ["first", "last"] as const;
export type Touch = (typeof TOUCHES)[number];
export type Dimension = "utm_source" | "utm_campaign" | "utm_content" | "utm_term";
export const DIMENSIONS: readonly Dimension[] = [
  "utm_source",
  "utm_campaign",
  "utm_content",
  "utm_term",
];

/** One thing that happened in the period, with the person's touches. */
export type AttributionEvent =
  | {
      kind: "lead" | "application" | "qualified";
      personId: string;
      first: Utm | null;
      last: Utm | null;
    }
  | {
      /** A paid seat; "kept": a refunded payment's money kept (revenue, no enrollment). */
      kind: "enrollment" | "kept";
      personId: string;
      first: Utm | null;
      last: Utm | null;
      revenueCents: number;
    };

export interface AttributionRow {
  key: string;
  leads: number;
  applications: number;
  qualified: number;
  enrollments: number;
  revenueCents: number;
}

export const NO_VALUE = "(none)";

/**
 * Groups the period's events by one tracking dimension of the first or the last touch. Leads count
 * people (a person asking for three resources is one lead); the rest count events.
 */
export function aggregateAttribution(
  events: readonly AttributionEvent[],
  touch: Touch,
  dimension: Dimension,
): AttributionRow[] {
  const rows = new Map<string, AttributionRow>();
  const leadPeople = new Map<string, Set<string>>();
  for (const event of events) {
    const utm = touch === "first" ? (event.first ?? event.last) : (event.last ?? event.first);
    const key = utm?.[dimension] ?? (dimension === "utm_source" ? DIRECT : NO_VALUE);
    const row = rows.get(key) ?? {
      key,
      leads: 0,
      applications: 0,
      qualified: 0,
      enrollments: 0,
      revenueCents: 0,
    };
    rows.set(key, row);
    switch (event.kind) {
      case "lead": {
        const people = leadPeople.get(key) ?? new Set<string>();
        leadPeople.set(key, people);
        if (!people.has(event.personId)) {
          people.add(event.personId);
          row.leads += 1;
        }
        break;
      }
      case "application":
        row.applications += 1;
        break;
      case "qualified":
        row.qualified += 1;
        break;
      case "enrollment":
        row.enrollments += 1;
        row.revenueCents += event.revenueCents;
        break;
      case "kept":
        row.revenueCents += event.revenueCents;
        break;
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.revenueCents - a.revenueCents ||
      b.enrollments - a.enrollments ||
      a.key.localeCompare(b.key),
  );
}
