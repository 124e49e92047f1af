import type { Kysely, Migration } from "kysely";

/**
 * Calendar invites for resume reviews: `uploads.invite_sequence` is the SEQUENCE the upload's
 * next invite carries, that is how many invites (request, update, cancellation) it has had, so
 * each one supersedes the last in the person's calendar (RFC 5545: same UID, higher SEQUENCE).
 */
export const reviewInvites: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("uploads")
      .addColumn("invite_sequence", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
