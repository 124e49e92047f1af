import { randomUUID } from "node:crypto";
import { recordAudit } from "~/features/accounts/audit.server";
import { consentWords, testimonialRequestEmail } from "./testimonials.words";
import type { Db, Trx } from "~/db/database.server";
import type { TestimonialConsent, TestimonialStatus } from "~/db/programme-schema";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import { countConfirmedOffers } from "./offer-count.server";
import {
  PHOTO_FOLDER,
  PHOTO_UPLOAD_STATUS,
  photoUploadName,
  type PhotoCheck,
} from "./testimonial-photo";
import {
  consentNamesRole,
  moved,
  photoPath,
  publishedName,
  QUOTE_MAX,
  type Story,
  type TestimonialForm,
} from "./testimonials";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { sha256Hex } from "~/features/resume-reviews/resume-upload.server";
import type { Services } from "~/context";

/**
 * The stories that sell the next cohort (issue 36, item 5). A student is asked once, ever, when
 * an offer of theirs is confirmed; they write a testimonial and choose how it may be published
 * (the consent's words and time are stored); the owner approves, fixes typos, orders and hides
 * them; withdrawing consent unpublishes at once. The home page reads the published ones and
 * keeps them a few seconds (decision 0058).
 */

export const TESTIMONIAL_PATH = "/portal/testimonial";
const SETTINGS_ID = "programme";

/**
 * Called by the code that confirms an offer, in its transaction: the offer's student gets a
 * testimonial row (status 'requested') unless they already have one, and then one email asking
 * for it with the portal's address. Safe to call twice, and for a second offer: the row is
 * unique per person, and the email goes only with the row that was inserted. False when nothing
 * was asked (no such offer, or asked before).
 */
export async function askForTestimonial(
  trx: Trx,
  services: Pick<Services, "config">,
  offerId: string,
  now: Date,
): Promise<boolean> {
  const offer = await trx
    .selectFrom("offers")
    .innerJoin("people", "people.id", "offers.person_id")
    .select(["offers.person_id", "people.email", "people.first_name"])
    .where("offers.id", "=", offerId)
    .where("people.email", "not like", ERASED_ADDRESS_PATTERN)
    .executeTakeFirst();
  if (!offer) return false;
  const at = now.toISOString();
  const inserted = await trx
    .insertInto("testimonials")
    .values({
      id: randomUUID(),
      person_id: offer.person_id,
      offer_id: offerId,
      asked_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("person_id").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const url = `${services.config.publicUrl}${TESTIMONIAL_PATH}`;
  await enqueueEmail(
    trx,
    {
      kind: "testimonial_request",
      to: offer.email,
      personId: offer.person_id,
      dedupeKey: `testimonial-request:${offer.person_id}`,
      ...renderEmail(testimonialRequestEmail(offer.first_name, url)),
    },
    now,
  );
  return true;
}

/** The student's own testimonial (null until an offer of theirs is confirmed). */
export async function ownTestimonial(db: Db, personId: string) {
  const row = await db
    .selectFrom("testimonials")
    .leftJoin("uploads", "uploads.id", "testimonials.photo_upload_id")
    .select([
      "testimonials.status",
      "testimonials.quote",
      "testimonials.consent",
      "testimonials.consent_words",
      "testimonials.consent_at",
      "testimonials.consent_withdrawn_at",
      "testimonials.rating",
      "uploads.created_at as photo_at",
    ])
    .where("testimonials.person_id", "=", personId)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the portal home asks the student to write their testimonial. */
export async function testimonialAsked(db: Db, personId: string): Promise<boolean> {
  return (await ownTestimonial(db, personId))?.status === "requested";
}

export type TestimonialChange = "done" | "not_asked" | "nothing";

/** A photo that passed the content check (checkPhoto): its type and its bytes without metadata. */
export type CheckedPhoto = Extract<PhotoCheck, { ok: true }>;

/** Deletes a testimonial's photo upload (only ever a photo of that person). */
async function deletePhoto(trx: Trx, personId: string, uploadId: string | null) {
  if (!uploadId) return;
  await trx
    .deleteFrom("uploads")
    .where("id", "=", uploadId)
    .where("person_id", "=", personId)
    .where("review_status", "=", PHOTO_UPLOAD_STATUS)
    .execute();
}

/** The student's testimonial row, locked on PostgreSQL so two posts at once take turns. */
async function lockedOwn(trx: Trx, services: Pick<Services, "engine">, personId: string) {
  let read = trx
    .selectFrom("testimonials")
    .select(["id", "photo_upload_id", "consent", "consent_withdrawn_at"])
    .where("person_id", "=", personId);
  if (services.engine === "postgres") read = read.forUpdate();
  return read.executeTakeFirst();
}

/**
 * The student sends (or sends again) their testimonial: the words, the consent they chose with
 * its words as shown and the time. It waits for the owner's approval, also when it was published
 * before (new words or a new consent are read again). A photo (checked by content before) is
 * stored among the uploads and replaces the one before, which is deleted; choosing first name
 * only deletes the photo (it is never shown with a first name).
 */
export async function submitTestimonial(
  services: Pick<Services, "db" | "clock" | "engine">,
  personId: string,
  form: Extract<TestimonialForm, { intent: "submit" }>,
  photo?: CheckedPhoto,
): Promise<TestimonialChange> {
  const now = services.clock.now();
  const at = now.toISOString();
  return services.db.transaction().execute(async (trx) => {
    const own = await lockedOwn(trx, services, personId);
    if (!own) return "not_asked";
    let photoId = form.consent === "full" ? own.photo_upload_id : null;
    if (photo && form.consent === "full") {
      photoId = randomUUID();
      const name = photoUploadName(own.id, now, photo.extension);
      await trx
        .insertInto("uploads")
        .values({
          id: photoId,
          person_id: personId,
          submission_id: null,
          name,
          full_path: `${PHOTO_FOLDER}/${name}`,
          content_type: photo.contentType,
          size: photo.bytes.byteLength,
          sha256: sha256Hex(photo.bytes),
          data: photo.bytes,
          review_status: PHOTO_UPLOAD_STATUS,
          scheduled_for: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await trx
      .updateTable("testimonials")
      .set({
        status: "submitted",
        quote: form.quote.slice(0, QUOTE_MAX),
        published_quote: null,
        consent: form.consent,
        consent_words: consentWords[form.consent],
        rating: form.rating ?? null,
        consent_at: at,
        consent_withdrawn_at: null,
        photo_upload_id: photoId,
        submitted_at: at,
        approved_at: null,
        updated_at: at,
      })
      .where("id", "=", own.id)
      .execute();
    if (own.photo_upload_id !== photoId) await deletePhoto(trx, personId, own.photo_upload_id);
    return "done";
  });
}

/** The student removes their photo: deleted, so it is shown nowhere from the next request. */
export async function removeTestimonialPhoto(
  services: Pick<Services, "db" | "clock" | "engine">,
  personId: string,
): Promise<TestimonialChange> {
  const at = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    const own = await lockedOwn(trx, services, personId);
    if (!own?.photo_upload_id) return "nothing";
    await trx
      .updateTable("testimonials")
      .set({ photo_upload_id: null, updated_at: at })
      .where("id", "=", own.id)
      .execute();
    await deletePhoto(trx, personId, own.photo_upload_id);
    return "done";
  });
}

/**
 * The student withdraws consent: the testimonial is hidden and its photo deleted in the same
 * transaction, so the next request for the home page (or the photo) no longer shows it. Nothing
 * to withdraw: "nothing".
 */
export async function withdrawConsent(
  services: Pick<Services, "db" | "clock" | "engine">,
  personId: string,
): Promise<TestimonialChange> {
  const at = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    const own = await lockedOwn(trx, services, personId);
    if (!own || own.consent === null || own.consent_withdrawn_at !== null) return "nothing";
    await trx
      .updateTable("testimonials")
      .set({
        status: "hidden",
        consent_withdrawn_at: at,
        approved_at: null,
        photo_upload_id: null,
        updated_at: at,
      })
      .where("id", "=", own.id)
      .execute();
    await deletePhoto(trx, personId, own.photo_upload_id);
    return "done";
  });
}

/** A testimonial as the owner's list shows it. */
export interface TestimonialRow {
  id: string;
  status: TestimonialStatus;
  name: string;
  firm: string;
  quote: string;
  publishedQuote: string;
  consent: TestimonialConsent;
  consentWords: string;
  consentAt: string;
  withdrawnAt: string | null;
  position: number;
  /** The photo's upload id (the owner opens it at /admin/uploads/:id), or null. */
  photoUploadId: string | null;
}

const written = (db: Db) =>
  db
    .selectFrom("testimonials")
    .innerJoin("people", "people.id", "testimonials.person_id")
    .innerJoin("offers", "offers.id", "testimonials.offer_id")
    .where("testimonials.quote", "is not", null)
    .where("testimonials.consent", "is not", null);

/** Every written testimonial: published ones in the home page's order first, then the newest. */
export async function listTestimonials(db: Db): Promise<TestimonialRow[]> {
  const rows = await written(db)
    .select([
      "testimonials.id",
      "testimonials.status",
      "testimonials.quote",
      "testimonials.published_quote",
      "testimonials.consent",
      "testimonials.consent_words",
      "testimonials.consent_at",
      "testimonials.consent_withdrawn_at",
      "testimonials.position",
      "testimonials.photo_upload_id",
      "testimonials.submitted_at",
      "people.first_name",
      "people.last_name",
      "offers.firm",
    ])
    .execute();
  const rank = (status: TestimonialStatus) => (status === "approved" ? 0 : 1);
  return rows
    .sort(
      (a, b) =>
        rank(a.status) - rank(b.status) ||
        (a.status === "approved" ? a.position - b.position : 0) ||
        (b.submitted_at ?? "").localeCompare(a.submitted_at ?? ""),
    )
    .map((row) => ({
      id: row.id,
      status: row.status,
      name: publishedName(row.consent!, row.first_name, row.last_name),
      firm: row.firm,
      quote: row.quote!,
      publishedQuote: row.published_quote ?? row.quote!,
      consent: row.consent!,
      consentWords: row.consent_words ?? "",
      consentAt: row.consent_at ?? "",
      withdrawnAt: row.consent_withdrawn_at,
      position: row.position,
      photoUploadId: row.consent === "full" ? row.photo_upload_id : null,
    }));
}

/** The published testimonials, in the owner's order, named as each consent allows. */
export async function publishedStories(db: Db): Promise<Story[]> {
  const rows = await written(db)
    .select([
      "testimonials.id",
      "testimonials.quote",
      "testimonials.published_quote",
      "testimonials.consent",
      "testimonials.photo_upload_id",
      "testimonials.consent_words",
      "testimonials.rating",
      "people.first_name",
      "people.last_name",
      "offers.firm",
      "offers.role",
    ])
    .where("testimonials.status", "=", "approved")
    .where("testimonials.consent_withdrawn_at", "is", null)
    .orderBy("testimonials.position")
    .orderBy("testimonials.approved_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: publishedName(row.consent!, row.first_name, row.last_name),
    company: row.firm,
    quote: row.published_quote ?? row.quote!,
    ...(consentNamesRole(row.consent_words) ? { position: row.role } : {}),
    ...(row.rating ? { rating: Number(row.rating) } : {}),
    ...(row.consent === "full" && row.photo_upload_id
      ? { photo: photoPath(row.id, row.photo_upload_id) }
      : {}),
  }));
}

/**
 * A testimonial's photo for the public: only while the testimonial is published (approved) with
 * consent "full" not withdrawn; otherwise null (the route answers 404).
 */
export async function publishedPhoto(db: Db, testimonialId: string) {
  const row = await db
    .selectFrom("testimonials")
    .innerJoin("uploads", (join) =>
      join
        .onRef("uploads.id", "=", "testimonials.photo_upload_id")
        .onRef("uploads.person_id", "=", "testimonials.person_id"),
    )
    .select(["uploads.content_type", "uploads.data", "uploads.size", "uploads.sha256"])
    .where("testimonials.id", "=", testimonialId)
    .where("testimonials.status", "=", "approved")
    .where("testimonials.consent", "=", "full")
    .where("testimonials.consent_withdrawn_at", "is", null)
    .where("testimonials.quote", "is not", null)
    .where("uploads.review_status", "=", PHOTO_UPLOAD_STATUS)
    .executeTakeFirst();
  return row ?? null;
}

export interface OfferCountSetting {
  showOfferCount: boolean;
  confirmedOffers: number;
}

/** Whether the home page's headline shows the count, and the count of confirmed offers. */
export async function offerCountSetting(db: Db): Promise<OfferCountSetting> {
  const [setting, offers] = await Promise.all([
    db
      .selectFrom("outcome_settings")
      .select("show_offer_count")
      .where("id", "=", SETTINGS_ID)
      .executeTakeFirst(),
    countConfirmedOffers(db),
  ]);
  return { showOfferCount: Boolean(setting?.show_offer_count), confirmedOffers: offers };
}

/**
 * What the home page shows from the database: the published stories, and the count of confirmed
 * offers only while the owner shows it (null otherwise: a hidden count is in no response, the
 * route's data included).
 */
export async function readHomeStories(db: Db) {
  const [published, setting] = await Promise.all([publishedStories(db), offerCountSetting(db)]);
  const offerCount: number | null = setting.showOfferCount ? setting.confirmedOffers : null;
  return { published, offerCount };
}
export type HomeStories = Awaited<ReturnType<typeof readHomeStories>>;

export type OwnerChange = { kind: "done"; name: string } | { kind: "not_found" | "withdrawn" };

/** One owner's change to one written testimonial, audited, in one transaction. */
async function change(
  services: Pick<Services, "db" | "clock">,
  actor: string,
  id: string,
  action: string,
  apply: (trx: Trx, row: TestimonialRow, at: string) => Promise<OwnerChange | void>,
): Promise<OwnerChange> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    const row = (await listTestimonials(trx)).find((found) => found.id === id);
    if (!row) return { kind: "not_found" };
    const refused = await apply(trx, row, now.toISOString());
    if (refused) return refused;
    await recordAudit(trx, actor, action, { testimonialId: id }, now);
    return { kind: "done", name: row.name };
  });
}

/** Publishes a written testimonial (last in the order); never one whose consent was withdrawn. */
export function approveTestimonial(
  services: Pick<Services, "db" | "clock">,
  actor: string,
  id: string,
) {
  return change(services, actor, id, "testimonial.approve", async (trx, row, at) => {
    if (row.withdrawnAt) return { kind: "withdrawn" };
    if (row.status === "approved") return;
    const last = await trx
      .selectFrom("testimonials")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("status", "=", "approved")
      .executeTakeFirst();
    await trx
      .updateTable("testimonials")
      .set({
        status: "approved",
        published_quote: row.publishedQuote,
        position: Number(last?.position ?? 0) + 1,
        approved_at: at,
        updated_at: at,
      })
      .where("id", "=", id)
      .where("consent_withdrawn_at", "is", null)
      .execute();
  });
}

/** Takes a testimonial off the home page (the student's consent stands). */
export function hideTestimonial(
  services: Pick<Services, "db" | "clock">,
  actor: string,
  id: string,
) {
  return change(services, actor, id, "testimonial.hide", async (trx, _row, at) => {
    await trx
      .updateTable("testimonials")
      .set({ status: "hidden", approved_at: null, updated_at: at })
      .where("id", "=", id)
      .execute();
  });
}

/** The words the home page shows (typos fixed); the student's own words are kept as written. */
export function editPublishedQuote(
  services: Pick<Services, "db" | "clock">,
  actor: string,
  id: string,
  quote: string,
) {
  return change(services, actor, id, "testimonial.edit", async (trx, _row, at) => {
    await trx
      .updateTable("testimonials")
      .set({ published_quote: quote.slice(0, QUOTE_MAX), updated_at: at })
      .where("id", "=", id)
      .execute();
  });
}

/** Moves a published testimonial one place up or down the home page's order. */
export function moveTestimonial(
  services: Pick<Services, "db" | "clock">,
  actor: string,
  id: string,
  direction: "up" | "down",
) {
  return change(services, actor, id, "testimonial.move", async (trx, row, at) => {
    if (row.status !== "approved") return { kind: "not_found" };
    const order = (await listTestimonials(trx))
      .filter((found) => found.status === "approved")
      .map((found) => found.id);
    const next = moved(order, id, direction);
    for (const [index, each] of next.entries())
      await trx
        .updateTable("testimonials")
        .set({ position: index + 1, updated_at: at })
        .where("id", "=", each)
        .execute();
  });
}

/** The owner's "show the count" of confirmed offers on the home page's headline. */
export async function setShowOfferCount(
  services: Pick<Services, "db" | "clock">,
  actor: string,
  show: boolean,
): Promise<void> {
  const now = services.clock.now();
  const at = now.toISOString();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("outcome_settings")
      .values({ id: SETTINGS_ID, show_offer_count: show ? 1 : 0, updated_at: at })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({ show_offer_count: show ? 1 : 0, updated_at: at }),
      )
      .execute();
    await recordAudit(trx, actor, "outcomes.show_offer_count", { show }, now);
  });
}
