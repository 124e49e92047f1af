import { describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../../../tests/support/application";
import { seatFixtures, setCurrentCohort } from "../../../../tests/support/cohort";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { useOwnerConsole } from "../../../../tests/support/owner-console";
import { consoleText } from "~/content/console";
import { MAX_NOTE } from "~/features/people/person-form";
import { readEnrollLink } from "~/features/enrollment/enroll-link.server";
import { newPerson } from "~/features/people/people.server";
import { action as applyAction } from "~/features/applications/routes/apply";
import { loader as dashboardLoader } from "~/features/analytics/routes/dashboard";
import { action as personAction, loader as personLoader } from "./person";

const t = consoleText.person;
const QUESTION = "Is there a payment plan?\nAnd are sessions recorded?";

describe.each(testEngines())("acting on a person from their page, on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock, post, get } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, pay } = seatFixtures(() => services(), clock);
  const outbox = (kind: string) =>
    db()
      .selectFrom("outbox")
      .select(["to_address", "text", "person_id"])
      .where("kind", "=", kind)
      .execute();
  const errorOf = (result: { body: unknown }) =>
    (result.body as { toast: { description: string } }).toast.description;
  const postTo = (id: string, fields: Record<string, string>) =>
    post(personAction, `/admin/people/${id}`, fields, { id });
  const waiting = async () =>
    (
      (await get(dashboardLoader, "/admin")).body as {
        questions: { personId: string; question: string; overdue: boolean }[];
      }
    ).questions;

  /** Ada's application with a question, from the bookmarked browser at address `ip`. */
  const applyWithQuestion = async (question: string, ip: string) =>
    unwrap(
      await callAction(
        applyAction,
        formRequest("/apply", {
          ...qualifiedAnswers,
          readyToEnroll: "questions",
          hasQuestions: question,
        }),
        makeContext(services(), { visitorId: "v-bookmark", ip }),
      ),
    );

  /** A LinkedIn lead who later applies with a question from a browser with no tagged visit. */
  async function linkedInApplicantWithQuestion() {
    const lead = newPerson("ada@example.com", clock.now().toISOString(), {
      first_name: "Ada",
      lead_source: "linkedin",
      status: "lead",
    });
    await db().insertInto("people").values(lead).execute();
    clock.advance(60_000);
    expect((await applyWithQuestion(QUESTION, "10.9.9.9")).status).toBe(303);
    return lead.id;
  }

  it("the question reaches the owner with the real lead source, waits on the dashboard, and a reply quotes it", async () => {
    const id = await linkedInApplicantWithQuestion();
    const [notification] = await outbox("owner_application");
    expect(notification?.text).toContain(
      "> Is there a payment plan?\n> And are sessions recorded?",
    );
    expect(notification?.text).toContain("Lead source: linkedin");
    expect(notification?.text).toContain("Outcome: has questions before deciding");
    expect(notification?.text).toContain(`/admin/people/${id}`);

    expect(await waiting()).toEqual([
      expect.objectContaining({ personId: id, question: QUESTION, overdue: false }),
    ]);
    // Applying again with a question leaves them one person waiting, with their latest question.
    clock.advance(60_000);
    expect((await applyWithQuestion(`${QUESTION} (again)`, "10.9.9.10")).status).toBe(303);
    expect(await waiting()).toEqual([
      expect.objectContaining({ personId: id, question: `${QUESTION} (again)` }),
    ]);
    clock.advance(25 * 3_600_000);
    expect(await waiting()).toEqual([expect.objectContaining({ personId: id, overdue: true })]);

    const page = (await get(personLoader, `/admin/people/${id}`, { id })).body as {
      detail: { submissions: { formData: { hasQuestions?: string } }[] };
    };
    expect(page.detail.submissions[0]?.formData.hasQuestions).toBe(`${QUESTION} (again)`);

    const empty = await postTo(id, { intent: "reply", message: "   " });
    expect(empty.status).toBe(400);
    expect(errorOf(empty)).toBe(t.replyRequired);
    expect(await outbox("owner_reply")).toEqual([]);

    const sent = await postTo(id, {
      intent: "reply",
      // As a browser posts a textarea: CR LF line breaks.
      message: "Yes: three payments of $216.33.\r\n\r\nAll sessions are recorded.",
    });
    expect(sent.status).toBe(303);
    expect((await flashToastOf(sent, services()))?.title).toBe(t.replied);
    const [reply] = await outbox("owner_reply");
    expect(reply?.to_address).toBe("ada@example.com");
    expect(reply?.person_id).toBe(id);
    expect(reply?.text).toContain(
      "Yes: three payments of $216.33.\n\nAll sessions are recorded.\n\nYou asked:",
    );
    expect(reply?.text).toContain("> Is there a payment plan?");
    const audit = await db().selectFrom("audit_log").select("action").execute();
    expect(audit.map((row) => row.action)).toContain("person.reply");
    expect(await waiting()).toEqual([]);
  });

  it("keeps private notes, refusing an empty or overlong one, and erasing the person erases them", async () => {
    const id = await person("bo@example.com");
    // A note at the limit with CR LF line breaks fits (each break counts once, as in the box).
    const atLimit = `${"x".repeat(MAX_NOTE / 2 - 1)}\r\n${"y".repeat(MAX_NOTE / 2)}`;
    expect((await postTo(id, { intent: "note", body: atLimit })).status).toBe(303);
    await db().deleteFrom("person_notes").execute();
    for (const body of ["  ", "x".repeat(MAX_NOTE + 1)]) {
      expect((await postTo(id, { intent: "note", body })).status).toBe(400);
    }
    expect(await db().selectFrom("person_notes").select("id").execute()).toEqual([]);
    const added = await postTo(id, { intent: "note", body: "Strong on markets; asked about IB." });
    expect(added.status).toBe(303);
    expect((await flashToastOf(added, services()))?.title).toBe(t.noteAdded);
    const page = (await get(personLoader, `/admin/people/${id}`, { id })).body as {
      detail: { notes: { body: string; author: string }[] };
    };
    expect(page.detail.notes).toEqual([
      expect.objectContaining({
        body: "Strong on markets; asked about IB.",
        author: "boss@example.com",
      }),
    ]);
    expect((await postTo(id, { intent: "erase", confirm: "ERASE" })).status).toBe(303);
    expect(await db().selectFrom("person_notes").select("id").execute()).toEqual([]);
  });

  it("sends the signed enrollment link to a qualified person only", async () => {
    const lead = await person("lee@example.com");
    await db().updateTable("people").set({ status: "lead" }).where("id", "=", lead).execute();
    const refused = await postTo(lead, { intent: "send_link" });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toBe(t.notQualified);
    expect(await outbox("enrollment_link")).toEqual([]);

    const id = await person("cy@example.com");
    const sent = await postTo(id, { intent: "send_link" });
    expect(sent.status).toBe(303);
    const [email] = await outbox("enrollment_link");
    expect(email?.to_address).toBe("cy@example.com");
    const token = /\/enroll\?link=([^\s]+)/.exec(email?.text ?? "")?.[1] ?? "";
    expect(readEnrollLink(services().config.sessionSecrets, token, clock.now())).toBe(id);
  });

  it("offers a seat out of turn when one is free to hold, and says so when none is", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    const paid = await person("paid@example.com");
    await pay(paid, "paid@example.com");
    const lead = await person("lead@example.com");
    await db().updateTable("people").set({ status: "lead" }).where("id", "=", lead).execute();
    const notApplied = await postTo(lead, { intent: "offer_seat" });
    expect(notApplied.status).toBe(409);
    expect(errorOf(notApplied)).toBe(t.notApplicant);
    const id = await person("dee@example.com");
    const full = await postTo(id, { intent: "offer_seat" });
    expect(full.status).toBe(409);
    expect(errorOf(full)).toBe(t.noSeat);
    const place = await db()
      .selectFrom("waitlist_entries")
      .select("status")
      .where("person_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(place.status).toBe("waiting");

    await setCurrentCohort(db(), { capacity: 2 });
    const offered = await postTo(id, { intent: "offer_seat" });
    expect(offered.status).toBe(303);
    expect((await flashToastOf(offered, services()))?.title).toBe(t.seatOffered);
    const hold = await db()
      .selectFrom("seat_holds")
      .select(["kind", "status"])
      .where("person_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(hold).toEqual({ kind: "offer", status: "held" });
    const again = await postTo(id, { intent: "offer_seat" });
    expect(errorOf(again)).toBe(t.alreadyOffered);
  });
});
