import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { JPEG_3x2, PNG_3x2 } from "../../../tests/support/photos";
import { photoMetadata } from "./photo-metadata.server";

describe.each(testEngines())("the photo-metadata migration on $name", (engine) => {
  const s = seatScenario(engine);

  it("takes the metadata out of the testimonial photos already stored, and nothing else", async () => {
    const db = s.db();
    const person = await s.person("ada@example.com");
    const comment = Buffer.from("Taken at 12 Main St", "latin1");
    const tagged = Buffer.concat([
      JPEG_3x2.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0, comment.length + 2]),
      comment,
      JPEG_3x2.subarray(2),
    ]);
    const upload = (
      id: string,
      data: Buffer,
      contentType: string,
      status: "photo" | "waiting",
    ) => ({
      id,
      person_id: person,
      submission_id: null,
      name: `${id}.bin`,
      full_path: `testimonial-photos/${id}`,
      content_type: contentType,
      size: data.byteLength,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
      review_status: status,
      scheduled_for: null,
      created_at: "2027-01-20T10:00:00.000Z",
      updated_at: "2027-01-20T10:00:00.000Z",
    });
    await db
      .insertInto("uploads")
      .values([
        upload("tagged", tagged, "image/jpeg", "photo"),
        upload("clean", PNG_3x2, "image/png", "photo"),
        // A resume that happens to hold the same bytes is not a photo: untouched.
        upload("resume", tagged, "image/jpeg", "waiting"),
      ])
      .execute();
    await photoMetadata.up(db as never);
    const rows = await db
      .selectFrom("uploads")
      .select(["id", "data", "size", "sha256"])
      .orderBy("id")
      .execute();
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(Buffer.from(byId.tagged!.data)).toEqual(JPEG_3x2);
    expect(byId.tagged!.size).toBe(JPEG_3x2.byteLength);
    expect(byId.tagged!.sha256).toBe(createHash("sha256").update(JPEG_3x2).digest("hex"));
    expect(Buffer.from(byId.clean!.data)).toEqual(PNG_3x2);
    expect(Buffer.from(byId.resume!.data)).toEqual(tagged);
  });
});
