import type { Kysely, Migration } from "kysely";
import { addColumns } from "./ddl.server";

/**
 * Where a mentor meets their students (issue 45): `mentors.meeting_place`, an https link or text
 * (a phone number, an address), at most 300 characters (app/features/bookings/meeting-place.ts); null until
 * they set it. Each booking keeps the place its invites carry (`bookings.place`), so a past
 * booking keeps the place it had and a change of place updates only the upcoming ones.
 */
export const meetingPlace: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "mentors", { meeting_place: "text" });
    await addColumns(db, "bookings", { place: "text" });
  },
};
