import { recordAudit } from "~/features/accounts/audit.server";
import type { Db, Trx } from "~/db/database.server";
import type { TestimonialConsent, TestimonialStatus } from "~/db/programme-schema";
import { countConfirmedOffers } from "./offer-count.server";
import { PHOTO_UPLOAD_STATUS } from "./testimonial-photo";
import {
  consentNamesRole,
  moved,
  photoPath,
  publishedName,
  QUOTE_MAX,
  type Story,
} from "./testimonials";
import type { Services } from "~/context";

/**
 * Publishing testimonials (issue 36, item 5): the owner's list and audited changes, and what the
 * home page reads (kept a few seconds, decision 0058). The student's side: testimonials.server.ts.
 */

const SETTINGS_ID = "programme";

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
