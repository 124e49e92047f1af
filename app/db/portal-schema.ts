import type { Generated } from "kysely";

/** A mentor of the programme: signs in to the portal by one-time link (no password). */
export interface MentorsTable {
  id: string;
  email: string;
  name: string;
  bio: Generated<string>;
  /** Students per cohort this mentor takes. */
  capacity: Generated<number>;
  is_active: Generated<number>;
  /** IANA zone of the mentor's availability and pages; null: SITE_TIME_ZONE. */
  time_zone: string | null;
  /** Where they meet students: an https link or text, ≤ 300 characters; null until set. */
  meeting_place: string | null;
  created_at: string;
  updated_at: string;
}

/** A one-time sign-in link: only the SHA-256 of its token is stored. */
export interface PortalLinksTable {
  token_hash: string;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

type PortalRole = "student" | "mentor";

/** A signed-in student or mentor; the id is the SHA-256 of the cookie's token. */
export interface PortalSessionsTable {
  id: string;
  role: PortalRole;
  person_id: string | null;
  mentor_id: string | null;
  created_at: string;
  expires_at: string;
}

/** What a student tells the programme about themselves in the portal. */
export interface StudentProfilesTable {
  person_id: string;
  /** IANA zone, e.g. America/New_York. */
  time_zone: string | null;
  /** JSON array of the application's finance tracks. */
  target_roles: Generated<string>;
  target_firms: Generated<string>;
  linkedin_url: string | null;
  resume_upload_id: string | null;
  graduation_year: string | null;
  profile_done_at: string | null;
  prework_read_at: string | null;
  first_signed_in_at: string | null;
  last_signed_in_at: string | null;
  updated_at: string;
  /** 0 when the student said at onboarding they are not job seeking this year (CIRR). */
  job_seeking: Generated<number>;
  /** When they declared it (ISO); null while job seeking. CIRR excludes it only by census day. */
  not_job_seeking_at: string | null;
  /** 1 while the student gets the programme's reminders (nudges); 0 once they turned them off. */
  programme_reminders: Generated<number>;
}
