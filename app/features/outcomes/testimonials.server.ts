import { randomUUID } from "node:crypto";
import { consentWords, testimonialRequestEmail } from "./testimonials.words";
import type { Db, Trx } from "~/db/database.server";
import type { Updateable } from "kysely";
import type { TestimonialsTable } from "~/db/programme-schema";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import {
  PHOTO_FOLDER,
  PHOTO_UPLOAD_STATUS,
  photoUploadName,
  type PhotoCheck,
} from "./testimonial-photo";
import { QUOTE_MAX, type TestimonialForm } from "./testimonials";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { sha256Hex } from "~/features/resume-reviews/resume-upload.server";
import type { Services } from "~/context";

/**
 * The stories that sell the next cohort (issue 36, item 5). A student is asked once, ever, when
 * an offer of theirs is confirmed; they write a testimonial and choose how it may be published
 * (the consent's words and time are stored); the owner approves, fixes typos, orders and hides
 * them; withdrawing consent unpublishes at once. This module is the student's side; the owner's
 * and the home page's are in testimonial-publishing.server.ts.
 */

export const TESTIMONIAL_PATH = "/portal/testimonial";

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

/** What the student's own changes use. */
type StudentServices = Pick<Services, "db" | "clock" | "engine">;

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
  services: StudentServices,
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

/**
 * A change of the student's own testimonial that takes its photo away: the row is updated and
 * the photo deleted in one transaction, so the next request (for the home page or the photo)
 * no longer shows it. "nothing" when there is no row or `applies` says the change has nothing to do.
 */
async function changeOwnDroppingPhoto(
  services: StudentServices,
  personId: string,
  applies: (own: NonNullable<Awaited<ReturnType<typeof lockedOwn>>>) => boolean,
  set: (at: string) => Updateable<TestimonialsTable>,
): Promise<TestimonialChange> {
  const at = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    const own = await lockedOwn(trx, services, personId);
    if (!own || !applies(own)) return "nothing";
    await trx
      .updateTable("testimonials")
      .set({ ...set(at), photo_upload_id: null, updated_at: at })
      .where("id", "=", own.id)
      .execute();
    await deletePhoto(trx, personId, own.photo_upload_id);
    return "done";
  });
}

/** The student removes their photo: deleted, so it is shown nowhere from the next request. */
export const removeTestimonialPhoto = (services: StudentServices, personId: string) =>
  changeOwnDroppingPhoto(
    services,
    personId,
    (own) => Boolean(own.photo_upload_id),
    () => ({}),
  );

/**
 * The student withdraws consent: the testimonial is hidden and its photo deleted. Nothing to
 * withdraw (no consent given, or withdrawn before): "nothing".
 */
export const withdrawConsent = (services: StudentServices, personId: string) =>
  changeOwnDroppingPhoto(
    services,
    personId,
    (own) => own.consent !== null && own.consent_withdrawn_at === null,
    (at) => ({ status: "hidden", consent_withdrawn_at: at, approved_at: null }),
  );
