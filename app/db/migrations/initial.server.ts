import type { Kysely, Migration } from "kysely";
import type { Engine } from "../migrations.server";
import { addIndex, notNull, personId, primaryKey, serialId } from "./ddl.server";

/**
 * The first schema: people and what they submit, the single cohort with its seat holds and
 * payments, the email outbox, uploads and downloads, and the admin's accounts, sessions and log.
 */
export function initial(engine: Engine): Migration {
  const binary = engine === "postgres" ? "bytea" : "blob";
  const serial = serialId(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("people")
        .addColumn("id", "text", primaryKey)
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("first_name", "text", notNull)
        .addColumn("last_name", "text", notNull)
        .addColumn("university", "text", notNull)
        .addColumn("graduation_year", "text", notNull)
        .addColumn("status", "text", notNull)
        .addColumn("lead_source", "text", notNull)
        .addColumn("tags", "text", notNull)
        .addColumn("lead_magnets", "text", notNull)
        .addColumn("first_touch", "text")
        .addColumn("last_touch", "text")
        .addColumn("last_lead_magnet_type", "text")
        .addColumn("last_lead_magnet_at", "text")
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();
      await addIndex(db, "people_status_idx", "people", ["status", "updated_at"]);
      await addIndex(db, "people_created_idx", "people", ["created_at"]);

      await db.schema
        .createTable("status_history")
        .addColumn("id", serial.type, serial.options)
        .addColumn("person_id", "text", personId)
        .addColumn("status", "text", notNull)
        .addColumn("reason", "text", notNull)
        .addColumn("at", "text", notNull)
        .execute();
      await addIndex(db, "status_history_person_idx", "status_history", ["person_id"]);

      await db.schema
        .createTable("submissions")
        .addColumn("id", "text", primaryKey)
        .addColumn("person_id", "text", personId)
        .addColumn("type", "text", notNull)
        .addColumn("form_data", "text", notNull)
        .addColumn("status", "text", notNull)
        .addColumn("source", "text", notNull)
        .addColumn("utm", "text", notNull)
        .addColumn("email", "text", notNull)
        .addColumn("visitor_id", "text", notNull)
        .addColumn("fingerprint", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .execute();
      await addIndex(db, "submissions_person_idx", "submissions", ["person_id"]);
      await addIndex(db, "submissions_fingerprint_idx", "submissions", [
        "fingerprint",
        "created_at",
      ]);
      await addIndex(db, "submissions_created_idx", "submissions", ["created_at"]);

      await db.schema
        .createTable("cohort")
        .addColumn("id", "text", primaryKey)
        .addColumn("start_date", "text")
        .addColumn("capacity", "integer", notNull)
        .addColumn("enrolled_count", "integer", notNull)
        .addColumn("is_active", "integer", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("seat_holds")
        .addColumn("id", "text", primaryKey)
        .addColumn("person_id", "text")
        .addColumn("email", "text")
        .addColumn("status", "text", notNull)
        .addColumn("provider", "text", notNull)
        .addColumn("session_id", "text", (c) => c.unique())
        .addColumn("expires_at", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();
      await addIndex(db, "seat_holds_status_idx", "seat_holds", ["status", "expires_at"]);

      await db.schema
        .createTable("payments")
        .addColumn("id", "text", primaryKey)
        .addColumn("hold_id", "text", notNull)
        .addColumn("person_id", "text")
        .addColumn("provider", "text", notNull)
        .addColumn("session_id", "text", (c) => c.notNull().unique())
        .addColumn("email", "text", notNull)
        .addColumn("amount_cents", "integer", notNull)
        .addColumn("status", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("webhook_events")
        .addColumn("id", "text", primaryKey)
        .addColumn("type", "text", notNull)
        .addColumn("received_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", primaryKey)
        .addColumn("kind", "text", notNull)
        .addColumn("person_id", "text")
        .addColumn("to_address", "text", notNull)
        .addColumn("subject", "text", notNull)
        .addColumn("html", "text", notNull)
        .addColumn("text", "text", notNull)
        .addColumn("status", "text", notNull)
        .addColumn("attempts", "integer", notNull)
        .addColumn("last_error", "text")
        .addColumn("send_after", "text", notNull)
        .addColumn("locked_until", "text")
        .addColumn("created_at", "text", notNull)
        .addColumn("sent_at", "text")
        .execute();
      await addIndex(db, "outbox_due_idx", "outbox", ["status", "send_after"]);
      await addIndex(db, "outbox_person_idx", "outbox", ["person_id"]);

      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", primaryKey)
        .addColumn("person_id", "text", personId)
        .addColumn("submission_id", "text")
        .addColumn("name", "text", notNull)
        .addColumn("full_path", "text", notNull)
        .addColumn("content_type", "text", notNull)
        .addColumn("size", "integer", notNull)
        .addColumn("sha256", "text", notNull)
        .addColumn("data", binary, notNull)
        .addColumn("review_status", "text", notNull)
        .addColumn("scheduled_for", "text")
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();
      await addIndex(db, "uploads_review_idx", "uploads", ["review_status", "created_at"]);

      await db.schema
        .createTable("downloads")
        .addColumn("token", "text", primaryKey)
        .addColumn("person_id", "text", personId)
        .addColumn("resource", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .addColumn("first_downloaded_at", "text")
        .execute();

      await db.schema
        .createTable("admin_users")
        .addColumn("id", "text", primaryKey)
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", notNull)
        .addColumn("is_admin", "integer", notNull)
        .addColumn("created_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", primaryKey)
        .addColumn("admin_user_id", "text", (c) =>
          c.notNull().references("admin_users.id").onDelete("cascade"),
        )
        .addColumn("created_at", "text", notNull)
        .addColumn("expires_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("audit_log")
        .addColumn("id", serial.type, serial.options)
        .addColumn("actor", "text", notNull)
        .addColumn("action", "text", notNull)
        .addColumn("details", "text", notNull)
        .addColumn("at", "text", notNull)
        .execute();
    },
  };
}
