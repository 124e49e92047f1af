import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ownerCookie } from "../../../tests/support/admin";
import { seatScenario } from "../../../tests/support/cohort";
import { callAction, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { answer } from "../../../tests/support/mentors";
import { studentWithOffer, testimonialRow } from "../../../tests/support/testimonials";
import { JPEG_3x2, PNG_3x2, TEXT_FILE } from "../../../tests/support/photos";
import { HomeTestimonials } from "~/features/site/home-stories";
import { PHOTO_MAX_BYTES } from "./testimonial-photo";
import { erasePerson } from "~/features/people/privacy.server";
import * as adminRoute from "~/features/outcomes/routes/testimonials";
import * as portalRoute from "~/features/outcomes/routes/testimonial";
import * as photoRoute from "~/features/outcomes/routes/testimonial-photo";
import { askForTestimonial } from "./testimonials.server";
import { listTestimonials, readHomeStories } from "./testimonial-publishing.server";

/**
 * A testimonial's photo (issue 36, item 5: "published with their name, firm and photo"): sent
 * with consent "full" as a multipart post, checked by content, stored as an upload, served at
 * /testimonials/:id/photo only while published with that consent, and gone with a withdrawal, a
 * removal or the person's erasure.
 */
describe.each(testEngines())("testimonial photos on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  /** A paid student whose confirmed offer asked for a testimonial, and their portal cookie. */
  async function student(first: string, last: string) {
    const { offerId, ...who } = await studentWithOffer(s, first, last, { firm: `${first} Bank` });
    await db()
      .transaction()
      .execute((trx) => askForTestimonial(trx, services(), offerId, s.clock.now()));
    return who;
  }

  /** The student's multipart post, with a file under "photo" when given. */
  async function post(
    cookie: string,
    fields: Record<string, string>,
    photo?: { bytes: Uint8Array; name: string; type: string },
  ) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    if (photo)
      body.append(
        "photo",
        new File([Uint8Array.from(photo.bytes)], photo.name, { type: photo.type }),
      );
    const request = new Request("http://localhost:3000/portal/testimonial", {
      method: "POST",
      body,
      headers: { cookie },
    });
    try {
      return await unwrap(await callAction(portalRoute.action, request, makeContext(services())));
    } catch (thrown) {
      return unwrap(thrown);
    }
  }
  const submit = (cookie: string, consent: string, photo?: Parameters<typeof post>[2]) =>
    post(cookie, { intent: "submit", quote: "The mocks got me the offer.", consent }, photo);
  const png = { bytes: PNG_3x2, name: "me.png", type: "image/png" };
  const jpeg = { bytes: JPEG_3x2, name: "me.jpeg", type: "image/jpeg" };

  /** GET /testimonials/:id/photo as a visitor: status, headers and bytes. */
  async function photoOf(testimonialId: string, ifNoneMatch?: string) {
    const request = new Request(`http://localhost:3000/testimonials/${testimonialId}/photo`, {
      headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {},
    });
    try {
      const response = (await callAction(photoRoute.loader, request, makeContext(services()), {
        id: testimonialId,
      })) as Response;
      return {
        status: response.status,
        headers: response.headers,
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    } catch (thrown) {
      const { status } = await unwrap(thrown);
      return { status, headers: new Headers(), bytes: Buffer.alloc(0) };
    }
  }
  const row = (personId: string) => testimonialRow(db(), personId);
  const uploadsOf = (personId: string) =>
    db()
      .selectFrom("uploads")
      .select(["id", "content_type", "size", "review_status", "full_path", "data", "sha256"])
      .where("person_id", "=", personId)
      .execute();
  const owners = new WeakMap<object, string>();
  const approve = async (id: string) => {
    let cookie = owners.get(services());
    if (!cookie) {
      cookie = await ownerCookie({ services: services(), config: services().config });
      owners.set(services(), cookie);
    }
    const done = await answer(services(), adminRoute.action, "/admin/testimonials", cookie, {
      fields: { intent: "approve", id },
    });
    expect(done.status).toBe(303);
  };
  /** The home page's testimonials as this moment's published ones render. */
  const grid = async () => {
    const { published } = await readHomeStories(db());
    return renderToStaticMarkup(createElement(HomeTestimonials, { published }));
  };

  it("stores a checked photo, serves it only once published, replaces it and removes it", async () => {
    const zora = await student("Zora", "Quinn");
    expect((await submit(zora.cookie, "full", png)).status).toBe(303);
    const first = await row(zora.id);
    const [stored] = await uploadsOf(zora.id);
    expect(stored).toMatchObject({
      id: first.photo_upload_id,
      content_type: "image/png",
      size: PNG_3x2.byteLength,
      review_status: "photo",
    });
    expect(stored!.full_path).toMatch(/^testimonial-photos\/.+\.png$/);
    expect(Buffer.from(stored!.data).equals(PNG_3x2)).toBe(true);
    // Waiting for approval: not served, not on the home page; the owner sees it.
    expect((await photoOf(first.id)).status).toBe(404);
    expect((await listTestimonials(db()))[0]!.photoUploadId).toBe(stored!.id);

    await approve(first.id);
    const served = await photoOf(first.id);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(PNG_3x2)).toBe(true);
    expect(served.headers.get("content-type")).toBe("image/png");
    // Cached only to be asked again every time: the same photo answers 304 without its bytes.
    expect(served.headers.get("cache-control")).toBe("no-cache");
    const etag = served.headers.get("etag")!;
    expect(etag).toBe(`"${stored!.sha256}"`);
    const again = await photoOf(first.id, etag);
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect((await photoOf(first.id, `W/${etag}`)).status).toBe(304);
    expect((await photoOf(first.id, '"other"')).status).toBe(200);
    const page = await grid();
    expect(page).toContain(`src="/testimonials/${first.id}/photo?v=${stored!.id}"`);
    expect(page).toContain('alt="Zora Quinn"');
    expect(page).toContain('loading="lazy"');
    expect(page).toMatch(/width="64" height="64"/);

    // Sent again with a JPEG: the PNG is deleted; published again only after approval.
    expect((await submit(zora.cookie, "full", jpeg)).status).toBe(303);
    const replaced = await uploadsOf(zora.id);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({ content_type: "image/jpeg", review_status: "photo" });
    expect((await row(zora.id)).photo_upload_id).toBe(replaced[0]!.id);
    expect((await photoOf(first.id)).status).toBe(404);
    await approve(first.id);
    expect((await photoOf(first.id)).headers.get("content-type")).toBe("image/jpeg");
    // Sent again without a file: the photo stays.
    expect((await submit(zora.cookie, "full")).status).toBe(303);
    expect((await row(zora.id)).photo_upload_id).toBe(replaced[0]!.id);
    await approve(first.id);
    expect((await photoOf(first.id)).status).toBe(200);

    // The student removes it: deleted, no longer served or shown.
    expect((await post(zora.cookie, { intent: "remove_photo" })).status).toBe(303);
    expect(await uploadsOf(zora.id)).toEqual([]);
    expect((await row(zora.id)).photo_upload_id).toBeNull();
    expect((await photoOf(first.id)).status).toBe(404);
    expect(await grid()).not.toContain("/photo");
    expect((await post(zora.cookie, { intent: "remove_photo" })).status).toBe(409);
  });

  it("refuses a file that is not a photo, or too big, or a photo with a first name, changing nothing", async () => {
    const zora = await student("Zora", "Quinn");
    const before = await row(zora.id);
    const refusals = [
      [{ bytes: TEXT_FILE, name: "me.png", type: "image/png" }, "full", /not one/],
      [
        { bytes: new Uint8Array(PHOTO_MAX_BYTES + 1), name: "me.png", type: "image/png" },
        "full",
        /2 MB/,
      ],
      [png, "first_name", /only with your full name/],
    ] as const;
    for (const [photo, consent, message] of refusals) {
      const refused = await submit(zora.cookie, consent, photo);
      expect(refused.status).toBe(400);
      const body = refused.body as { result: { error: Record<string, string[]> } };
      expect(body.result.error.photo?.[0]).toMatch(message);
      expect(await row(zora.id)).toEqual(before);
      expect(await uploadsOf(zora.id)).toEqual([]);
    }
  });

  it("never serves or shows a photo with a first name only, and deletes it when consent changes to that", async () => {
    const zora = await student("Zora", "Quinn");
    await submit(zora.cookie, "full", png);
    const testimonial = await row(zora.id);
    await approve(testimonial.id);
    expect((await photoOf(testimonial.id)).status).toBe(200);
    // Sent again with first name only: the photo is deleted with the choice.
    expect((await submit(zora.cookie, "first_name")).status).toBe(303);
    expect(await uploadsOf(zora.id)).toEqual([]);
    await approve(testimonial.id);
    expect((await photoOf(testimonial.id)).status).toBe(404);
    const page = await grid();
    expect(page).toContain(">Zora<");
    expect(page).not.toContain("/photo");
    // Even a row left pointing at a photo is not served under a first name (the query's rule).
    const id = randomUUID();
    await db()
      .insertInto("uploads")
      .values({
        id,
        person_id: zora.id,
        submission_id: null,
        name: "x.png",
        full_path: "testimonial-photos/x.png",
        content_type: "image/png",
        size: PNG_3x2.byteLength,
        sha256: "x",
        data: PNG_3x2,
        review_status: "photo",
        scheduled_for: null,
        created_at: s.clock.now().toISOString(),
        updated_at: s.clock.now().toISOString(),
      })
      .execute();
    await db()
      .updateTable("testimonials")
      .set({ photo_upload_id: id })
      .where("id", "=", testimonial.id)
      .execute();
    expect((await photoOf(testimonial.id)).status).toBe(404);
    expect(await grid()).not.toContain("/photo");
    expect((await photoOf("no-such-testimonial")).status).toBe(404);
  });

  it("withdrawing consent deletes the photo and the address answers 404 at once", async () => {
    const zora = await student("Zora", "Quinn");
    await submit(zora.cookie, "full", jpeg);
    const testimonial = await row(zora.id);
    await approve(testimonial.id);
    const served = await photoOf(testimonial.id);
    expect(served.status).toBe(200);
    const etag = served.headers.get("etag")!;
    expect((await photoOf(testimonial.id, etag)).status).toBe(304);
    expect((await post(zora.cookie, { intent: "withdraw" })).status).toBe(303);
    // A cache revalidating its copy is refused at once, not told to keep it.
    expect((await photoOf(testimonial.id, etag)).status).toBe(404);
    expect((await photoOf(testimonial.id)).status).toBe(404);
    expect(await uploadsOf(zora.id)).toEqual([]);
    expect((await row(zora.id)).photo_upload_id).toBeNull();
    expect(await grid()).not.toContain("Zora");
  });

  it("erasure deletes the photo with the person", async () => {
    const zora = await student("Zora", "Quinn");
    await submit(zora.cookie, "full", png);
    const testimonial = await row(zora.id);
    await approve(testimonial.id);
    expect(await erasePerson(db(), zora.id, "boss@example.com", s.clock.now())).toBe(true);
    expect((await photoOf(testimonial.id)).status).toBe(404);
    expect(await db().selectFrom("uploads").select("id").execute()).toEqual([]);
  });
});
