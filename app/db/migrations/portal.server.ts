import type { Kysely, Migration } from "kysely";
import { addColumns, column, createTables, notNullDefault } from "./ddl.server";

/**
 * The cohort's people inside the site (issue 34): mentors, the one-time sign-in links and the
 * portal's sessions of students and mentors, each student's profile, and which mentor a paid
 * seat is assigned to. Tokens are stored only as SHA-256 hashes.
 */
export const portal: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      mentors: {
        columns: {
          id: "text primary key",
          email: "text not null unique",
          name: "text not null",
          bio: notNullDefault("text", ""),
          capacity: notNullDefault("integer", 5),
          is_active: notNullDefault("integer", 1),
          created_at: "text not null",
          updated_at: "text not null",
        },
      },
      portal_links: {
        columns: {
          token_hash: "text primary key",
          email: "text not null",
          expires_at: "text not null",
          used_at: "text",
          created_at: "text not null",
        },
        indexes: { portal_links_expiry: ["expires_at"] },
      },
      portal_sessions: {
        columns: {
          id: "text primary key",
          role: "text not null",
          person_id: column("text", (c) => c.references("people.id").onDelete("cascade")),
          mentor_id: column("text", (c) => c.references("mentors.id").onDelete("cascade")),
          created_at: "text not null",
          expires_at: "text not null",
        },
        indexes: {
          portal_sessions_person: ["person_id"],
          portal_sessions_mentor: ["mentor_id"],
        },
      },
      student_profiles: {
        columns: {
          person_id: column("text", (c) =>
            c.primaryKey().references("people.id").onDelete("cascade"),
          ),
          time_zone: "text",
          target_roles: notNullDefault("text", "[]"),
          target_firms: notNullDefault("text", ""),
          linkedin_url: "text",
          resume_upload_id: "text",
          graduation_year: "text",
          profile_done_at: "text",
          prework_read_at: "text",
          first_signed_in_at: "text",
          last_signed_in_at: "text",
          updated_at: "text not null",
        },
      },
    });
    await addColumns(db, "payments", { mentor_id: "text" });
  },
};
