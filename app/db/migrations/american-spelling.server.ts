import { sql, type Kysely, type Migration } from "kysely";

/** Stored codes renamed when the code took one spelling, "enroll" (the URL's): emails and audits. */
const RENAMED: Record<string, string> = {
  enrolment_open: "enrollment_open",
  enrolment_refunded: "enrollment_refunded",
  enrolment_refund: "enrollment_refund",
  enrolment_confirmation: "enrollment_confirmation",
  enrolment_onboarding: "enrollment_onboarding",
};

export const americanSpelling: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [from, to] of Object.entries(RENAMED)) {
      await sql`update outbox set kind = ${to} where kind = ${from}`.execute(db);
    }
    await sql`update audit_log set action = 'enrollment.refund' where action = 'enrolment.refund'`.execute(
      db,
    );
  },
};
