import type { Generated } from "kysely";

type GroupSessionStatus = "scheduled" | "cancelled";

/** One of a cohort's six weekly group sessions (one per cohort and programme week). */
export interface GroupSessionsTable {
  id: string;
  cohort_id: string;
  /** Programme week, 1-6. */
  week: number;
  /** The start, a UTC instant (ISO). */
  starts_at: string;
  minutes: number;
  /** Week N's topic from the curriculum. */
  topic: string;
  status: Generated<GroupSessionStatus>;
  /** The iCalendar SEQUENCE: counted up on every change of time, place or status. */
  sequence: Generated<number>;
  recording_url: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A student's or mentor's private calendar feed: only the SHA-256 of its token is stored, and the
 * salt the token is derived from with the server's secret (decision 0053).
 */
export interface CalendarFeedsTable {
  token_hash: string;
  /** Random, base64url; null for a feed made before 0053 (its address cannot be shown). */
  salt: string | null;
  person_id: string | null;
  mentor_id: string | null;
  created_at: string;
  first_fetched_at: string | null;
  last_fetched_at: string | null;
}
