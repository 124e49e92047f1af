import { createHash } from "node:crypto";
import type { Kysely, Migration } from "kysely";
import { PHOTO_UPLOAD_STATUS, withoutMetadata } from "~/features/outcomes/testimonial-photo";

interface PhotoRow {
  id: string;
  content_type: string;
  data: Uint8Array;
}

/**
 * Testimonial photos stored before their metadata was taken out at upload (issue 45's review:
 * a photo's EXIF GPS position and author name were served on the home page) are cleaned the same
 * way, in place, with their size and checksum. A photo whose blocks do not add up is left as it
 * is (it passed the content check of its day and is served as it was).
 */
export const photoMetadata: Migration = {
  async up(db: Kysely<unknown>) {
    const photos = db as unknown as Kysely<{
      uploads: PhotoRow & { size: number; sha256: string; review_status: string };
    }>;
    const rows = await photos
      .selectFrom("uploads")
      .select(["id", "content_type", "data"])
      .where("review_status", "=", PHOTO_UPLOAD_STATUS)
      .execute();
    for (const row of rows) {
      const type = row.content_type;
      if (type !== "image/png" && type !== "image/jpeg") continue;
      const clean = withoutMetadata(new Uint8Array(row.data), type);
      if (!clean || Buffer.from(clean).equals(Buffer.from(row.data))) continue;
      await photos
        .updateTable("uploads")
        .set({
          data: clean,
          size: clean.byteLength,
          sha256: createHash("sha256").update(clean).digest("hex"),
        })
        .where("id", "=", row.id)
        .execute();
    }
  },
};
