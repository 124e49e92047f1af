import type { Kysely, Migration } from "kysely";
import { addColumns, notNullDefault } from "./ddl.server";

/**
 * Calendar invites for resume reviews: `uploads.invite_sequence` is the SEQUENCE the upload's
 * next invite carries, that is how many invites (request, update, cancellation) it has had, so
 * each one supersedes the last in the person's calendar (RFC 5545: same UID, higher SEQUENCE).
 */
export const reviewInvites: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "uploads", { invite_sequence: notNullDefault("integer", 0) });
  },
};
