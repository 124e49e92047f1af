import { randomUUID } from "node:crypto";
import { beforeAll } from "vitest";
import { PAGE_SIZE } from "../../app/features/people/people-query.server";
import type { DB } from "../../app/db/database.server";
import { enqueueEmail } from "../../app/mail/outbox.server";
import { changeStatus, upsertPerson } from "../../app/features/people/people.server";
import { recordSubmission } from "../../app/features/people/submissions.server";
import { TestClock, type TestEngine } from "./databases";
import { useTestServices } from "./suite";

type Touch = { first?: Record<string, string>; last?: Record<string, string> } | null;

interface Extra {
  tags?: string[];
  magnets?: string[];
  lead?: boolean;
  paidCents?: number;
  firstName?: string;
}

/**
 * A person as the site would have stored them: the form's submissions (a lead magnet, an
 * application with its status), a payment, and one pending email. The clock moves a minute on.
 */
async function seedPerson(
  db: DB,
  clock: TestClock,
  key: string,
  email: string,
  status: "qualified" | "waitlist" | "lead",
  touch: Touch,
  extra: Extra = {},
): Promise<string> {
  const now = clock.now();
  const attribution = touch
    ? { first: touch.first ?? {}, last: touch.last ?? touch.first ?? {} }
    : null;
  const id = await db.transaction().execute(async (trx) => {
    const person = await upsertPerson(
      trx,
      {
        email,
        firstName: extra.firstName ?? key,
        lastName: "Test",
        university: "State",
        graduationYear: "2027",
      },
      attribution,
      now.toISOString(),
    );
    await trx
      .updateTable("people")
      .set({
        tags: JSON.stringify(extra.tags ?? []),
        lead_magnets: JSON.stringify(extra.magnets ?? []),
      })
      .where("id", "=", person.id)
      .execute();
    // As the forms record them: each step with the visit's last tagged link.
    const utm = attribution?.last ?? {};
    const submission = { personId: person.id, source: "x", utm, email, visitorId: key };
    if (extra.lead) {
      await recordSubmission(
        trx,
        {
          ...submission,
          type: "lead_magnet",
          formData: { resourceType: "resume" },
          status: "completed",
        },
        now,
      );
    }
    if (status !== "lead") {
      await recordSubmission(
        trx,
        { ...submission, type: "application", formData: { firstName: key }, status },
        now,
      );
      await changeStatus(trx, person.id, status, "seed", now.toISOString());
    }
    if (extra.paidCents) {
      await trx
        .insertInto("payments")
        .values({
          id: randomUUID(),
          cohort_id: "c",
          hold_id: "h",
          person_id: person.id,
          provider: "test",
          session_id: `cs_${key}`,
          email,
          amount_cents: extra.paidCents,
          status: "paid",
          refund_reason: null,
          refunded_at: null,
          created_at: now.toISOString(),
          last_touch: attribution ? JSON.stringify(attribution.last) : null,
        })
        .execute();
    }
    const message = { kind: "test", subject: "Hi", html: "<p>x</p>", text: "x" };
    await enqueueEmail(trx, { ...message, to: email, personId: person.id }, now);
    return person.id;
  });
  clock.advance(60_000);
  return id;
}

/**
 * Services with the console's people in place before the suite's tests: Ada (qualified, paid,
 * from a video then a rep's link), Bob (waitlisted, from the rep's link), Cy (a lead whose name
 * is a spreadsheet formula) and PAGE_SIZE + 5 bulk leads. `ids` holds each one's id by name.
 */
export function useSeededConsole(engine: TestEngine) {
  const clock = new TestClock(new Date("2026-11-10T12:00:00Z"));
  const t = useTestServices(engine, { clock });
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const seed = async (
      key: string,
      ...rest: [string, "qualified" | "waitlist" | "lead", Touch, Extra?]
    ) => {
      ids[key] = await seedPerson(t.services.db, clock, key, ...rest);
    };
    await seed(
      "ada",
      "ada@example.com",
      "qualified",
      {
        first: { utm_source: "youtube", utm_term: "yt_abc", videoId: "abc" },
        last: { utm_source: "linkedin", utm_term: "rep7" },
      },
      { tags: ["resume_template_lead"], magnets: ["resume"], lead: true, paidCents: 64900 },
    );
    await seed(
      "bob",
      "bob@example.com",
      "waitlist",
      { first: { utm_source: "linkedin", utm_term: "rep7" } },
      { lead: true },
    );
    await seed("cy", "cy@example.com", "lead", null, {
      tags: ["outreach_scripts_lead"],
      magnets: ["outreach"],
      lead: true,
      firstName: "=cmd|' /C calc'!A0",
    });
    for (let i = 0; i < PAGE_SIZE + 5; i++)
      await seed(`bulk${i}`, `bulk${i}@example.org`, "lead", null);
  });
  return { t, clock, ids };
}
