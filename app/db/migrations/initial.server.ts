import type { Kysely, Migration } from "kysely";
import type { Engine } from "../migrations.server";
import { column, createTables, notNull, personId, serialId, type Table } from "./ddl.server";

/**
 * The first schema: people and what they submit, the single cohort with its seat holds and
 * payments, the email outbox, uploads and downloads, and the admin's accounts, sessions and log.
 */
export function initial(engine: Engine): Migration {
  return { up: (db: Kysely<unknown>) => createTables(db, firstTables(engine)) };
}

function firstTables(engine: Engine): Record<string, Table> {
  const binary = engine === "postgres" ? "bytea" : "blob";
  return {
    people: {
      columns: {
        id: "text primary key",
        email: "text not null unique",
        first_name: "text not null",
        last_name: "text not null",
        university: "text not null",
        graduation_year: "text not null",
        status: "text not null",
        lead_source: "text not null",
        tags: "text not null",
        lead_magnets: "text not null",
        first_touch: "text",
        last_touch: "text",
        last_lead_magnet_type: "text",
        last_lead_magnet_at: "text",
        created_at: "text not null",
        updated_at: "text not null",
      },
      indexes: {
        people_status_idx: ["status", "updated_at"],
        people_created_idx: ["created_at"],
      },
    },
    status_history: {
      columns: {
        id: serialId(engine),
        person_id: personId,
        status: "text not null",
        reason: "text not null",
        at: "text not null",
      },
      indexes: { status_history_person_idx: ["person_id"] },
    },
    submissions: {
      columns: {
        id: "text primary key",
        person_id: personId,
        type: "text not null",
        form_data: "text not null",
        status: "text not null",
        source: "text not null",
        utm: "text not null",
        email: "text not null",
        visitor_id: "text not null",
        fingerprint: "text not null",
        created_at: "text not null",
      },
      indexes: {
        submissions_person_idx: ["person_id"],
        submissions_fingerprint_idx: ["fingerprint", "created_at"],
        submissions_created_idx: ["created_at"],
      },
    },
    cohort: {
      columns: {
        id: "text primary key",
        start_date: "text",
        capacity: "integer not null",
        enrolled_count: "integer not null",
        is_active: "integer not null",
        updated_at: "text not null",
      },
    },
    seat_holds: {
      columns: {
        id: "text primary key",
        person_id: "text",
        email: "text",
        status: "text not null",
        provider: "text not null",
        session_id: "text unique",
        expires_at: "text not null",
        created_at: "text not null",
        updated_at: "text not null",
      },
      indexes: { seat_holds_status_idx: ["status", "expires_at"] },
    },
    payments: {
      columns: {
        id: "text primary key",
        hold_id: "text not null",
        person_id: "text",
        provider: "text not null",
        session_id: "text not null unique",
        email: "text not null",
        amount_cents: "integer not null",
        status: "text not null",
        created_at: "text not null",
      },
    },
    webhook_events: {
      columns: { id: "text primary key", type: "text not null", received_at: "text not null" },
    },
    outbox: {
      columns: {
        id: "text primary key",
        kind: "text not null",
        person_id: "text",
        to_address: "text not null",
        subject: "text not null",
        html: "text not null",
        text: "text not null",
        status: "text not null",
        attempts: "integer not null",
        last_error: "text",
        send_after: "text not null",
        locked_until: "text",
        created_at: "text not null",
        sent_at: "text",
      },
      indexes: {
        outbox_due_idx: ["status", "send_after"],
        outbox_person_idx: ["person_id"],
      },
    },
    uploads: {
      columns: {
        id: "text primary key",
        person_id: personId,
        submission_id: "text",
        name: "text not null",
        full_path: "text not null",
        content_type: "text not null",
        size: "integer not null",
        sha256: "text not null",
        data: column(binary, notNull),
        review_status: "text not null",
        scheduled_for: "text",
        created_at: "text not null",
        updated_at: "text not null",
      },
      indexes: { uploads_review_idx: ["review_status", "created_at"] },
    },
    downloads: {
      columns: {
        token: "text primary key",
        person_id: personId,
        resource: "text not null",
        created_at: "text not null",
        first_downloaded_at: "text",
      },
    },
    admin_users: {
      columns: {
        id: "text primary key",
        email: "text not null unique",
        password_hash: "text not null",
        is_admin: "integer not null",
        created_at: "text not null",
      },
    },
    sessions: {
      columns: {
        id: "text primary key",
        admin_user_id: column("text", (c) =>
          c.notNull().references("admin_users.id").onDelete("cascade"),
        ),
        created_at: "text not null",
        expires_at: "text not null",
      },
    },
    audit_log: {
      columns: {
        id: serialId(engine),
        actor: "text not null",
        action: "text not null",
        details: "text not null",
        at: "text not null",
      },
    },
  };
}
