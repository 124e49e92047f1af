import { describe, expect, it } from "vitest";
import { seatFixtures } from "../../../tests/support/cohort";
import { flashToastOf } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { answer, assignMentor, mentorCookie } from "../../../tests/support/mentors";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { createCohort, makeCurrent } from "~/features/cohort/series.server";
import { validation } from "~/content/forms";
import { mentorsConsole as t, mentorValidation as m } from "./mentors.words";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import * as mentorsPage from "~/features/mentors/routes/mentors";
import * as portalHome from "~/features/portal/routes/home";
import * as mentorHome from "~/features/mentors/routes/mentor";
import type { MentorSummary } from "./mentors.server";

interface Refusal {
  result: { status: string; error: Record<string, string[]> };
  toast: { description: string };
}

describe.each(testEngines())("the owner's mentors (/admin/mentors) on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, pay } = seatFixtures(services, owner.clock);

  const post = (fields: Record<string, string>) =>
    owner.post(mentorsPage.action, "/admin/mentors", fields);
  const invite = (fields: Record<string, string>) => post({ intent: "invite", ...fields });
  const listed = async () =>
    ((await owner.get(mentorsPage.loader, "/admin/mentors")).body as { mentors: MentorSummary[] })
      .mentors;
  /** Every table an action on this page may write. */
  const written = () =>
    Promise.all(
      (["mentors", "outbox", "audit_log", "portal_sessions"] as const).map((table) =>
        db().selectFrom(table).selectAll().execute(),
      ),
    );
  const mentorRow = (email: string) =>
    db().selectFrom("mentors").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  const auditActions = async () =>
    (await db().selectFrom("audit_log").select("action").orderBy("id").execute())
      .map((row) => row.action)
      .filter((action) => action.startsWith("mentor."));

  it("invites a mentor: the row, an email pointing to the portal, the audit line, a toast", async () => {
    const response = await invite({
      email: " Jane@Example.com ",
      name: "Jane Doe",
      bio: "Ten years in wealth management.",
      capacity: "4",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/mentors");
    expect((await flashToastOf(response, services()))?.title).toBe(t.invited("Jane Doe"));

    const row = await mentorRow("jane@example.com");
    expect(row).toMatchObject({ name: "Jane Doe", bio: "Ten years in wealth management." });
    expect(Number(row.capacity)).toBe(4);
    expect(Number(row.is_active)).toBe(1);
    const mail = await db()
      .selectFrom("outbox")
      .select(["to_address", "text", "person_id"])
      .where("kind", "=", "mentor_invite")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to_address).toBe("jane@example.com");
    expect(mail[0]!.person_id).toBeNull();
    expect(mail[0]!.text).toContain(`${services().config.publicUrl}/portal`);
    expect(mail[0]!.text).not.toContain("/portal/login/");
    const audit = await db()
      .selectFrom("audit_log")
      .select(["actor", "action", "details"])
      .execute();
    expect(audit).toEqual([
      {
        actor: "boss@example.com",
        action: "mentor.invite",
        details: JSON.stringify({ mentorId: row.id }),
      },
    ]);
    expect(await listed()).toEqual([
      expect.objectContaining({
        id: row.id,
        name: "Jane Doe",
        email: "jane@example.com",
        capacity: 4,
        isActive: true,
        students: 0,
      }),
    ]);
  });

  it("refuses an address that is already a mentor's, under the field, and changes nothing", async () => {
    await invite({ email: "jane@example.com", name: "Jane Doe", capacity: "5" });
    const before = await written();
    const response = await invite({
      email: "JANE@example.com",
      name: "Someone Else",
      capacity: "3",
    });
    expect(response.status).toBe(400);
    const body = response.body as Refusal;
    expect(body.result.error.email).toEqual([m.duplicate("jane@example.com")]);
    expect(body.toast.description).toBe(m.duplicate("jane@example.com"));
    expect(await written()).toEqual(before);
    expect((await mentorRow("jane@example.com")).name).toBe("Jane Doe");
  });

  it("refuses bad fields with the message under each, and writes nothing", async () => {
    const before = await written();
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: "invite", email: "nope", name: "A", capacity: "5" }, "email", m.emailInvalid],
      [{ intent: "invite", email: "a@b.co", name: "  ", capacity: "5" }, "name", m.nameRequired],
      [
        { intent: "invite", email: "a@b.co", name: "A", capacity: "0" },
        "capacity",
        m.capacity(1, 50),
      ],
      [
        { intent: "invite", email: "a@b.co", name: "A", capacity: "51" },
        "capacity",
        m.capacity(1, 50),
      ],
      [
        { intent: "invite", email: "a@b.co", name: "A", bio: "b".repeat(1001), capacity: "5" },
        "bio",
        validation.tooLong(1000),
      ],
      [{ intent: "edit", id: "x", name: "A", capacity: "2.5" }, "capacity", m.capacity(1, 50)],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post(fields);
      expect(response.status, field).toBe(400);
      expect((response.body as Refusal).result.error[field]).toEqual([message]);
    }
    expect(await written()).toEqual(before);
  });

  it("edits a mentor's name, bio and capacity (audited); an unknown one is 404", async () => {
    await invite({ email: "jane@example.com", name: "Jane Doe", capacity: "5" });
    const { id } = await mentorRow("jane@example.com");
    owner.clock.advance(60_000);
    const response = await post({
      intent: "edit",
      id,
      name: "Jane Q. Doe",
      bio: "Now at a bank.",
      capacity: "3",
    });
    expect(response.status).toBe(303);
    expect((await flashToastOf(response, services()))?.title).toBe(t.saved);
    const row = await mentorRow("jane@example.com");
    expect(row).toMatchObject({ name: "Jane Q. Doe", bio: "Now at a bank." });
    expect(Number(row.capacity)).toBe(3);
    expect(row.updated_at > row.created_at).toBe(true);
    expect(await auditActions()).toEqual(["mentor.invite", "mentor.edit"]);

    const before = await written();
    const missing = await post({ intent: "edit", id: "no-such", name: "X", capacity: "3" });
    expect(missing.status).toBe(404);
    expect(await written()).toEqual(before);
  });

  it("deactivating signs the mentor out at once and keeps them out; reactivating lets them in", async () => {
    await invite({ email: "jane@example.com", name: "Jane Doe", capacity: "5" });
    const row = await mentorRow("jane@example.com");
    const cookie = await mentorCookie(services(), row);
    const signedIn = await answer(services(), mentorHome.loader, "/portal/mentor", cookie);
    expect(signedIn.status).toBe(200);

    const response = await post({ intent: "deactivate", id: row.id });
    expect(response.status).toBe(303);
    expect((await flashToastOf(response, services()))?.title).toBe(t.deactivated("Jane Doe"));
    expect(Number((await mentorRow("jane@example.com")).is_active)).toBe(0);
    expect(await db().selectFrom("portal_sessions").selectAll().execute()).toEqual([]);
    const after = await answer(services(), mentorHome.loader, "/portal/mentor", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/portal");
    // No sign-in link for a deactivated mentor (the page answers as for anyone).
    const asked = await answer(services(), portalHome.action, "/portal", "", {
      fields: { intent: "send_link", email: "jane@example.com" },
    });
    expect(asked.status).toBe(303);
    const links = () =>
      db().selectFrom("outbox").select("id").where("kind", "=", "portal_sign_in").execute();
    expect(await links()).toHaveLength(0);
    expect((await listed())[0]!.isActive).toBe(false);

    const back = await post({ intent: "reactivate", id: row.id });
    expect(back.status).toBe(303);
    expect(Number((await mentorRow("jane@example.com")).is_active)).toBe(1);
    owner.clock.advance(60_000);
    await answer(services(), portalHome.action, "/portal", "", {
      fields: { intent: "send_link", email: "jane@example.com" },
    });
    expect(await links()).toHaveLength(1);
    expect(await auditActions()).toEqual([
      "mentor.invite",
      "mentor.deactivate",
      "mentor.reactivate",
    ]);
    const unknown = await post({ intent: "deactivate", id: "no-such" });
    expect(unknown.status).toBe(404);
  });

  it("counts each mentor's paid students of the current cohort only", async () => {
    await invite({ email: "a@example.com", name: "Ann", capacity: "5" });
    await invite({ email: "b@example.com", name: "Bea", capacity: "2" });
    const a = (await mentorRow("a@example.com")).id;
    const b = (await mentorRow("b@example.com")).id;
    for (const [email, mentor] of [
      ["s1@example.com", a],
      ["s2@example.com", a],
      ["s3@example.com", b],
      ["gone@example.com", a],
    ] as const) {
      const id = await person(email);
      await pay(id, email);
      await assignMentor(services(), id, mentor);
    }
    const gone = (
      await db()
        .selectFrom("people")
        .select("id")
        .where("email", "=", "gone@example.com")
        .executeTakeFirstOrThrow()
    ).id;
    expect(await refundEnrollment(services(), "boss@example.com", gone, "left")).toBe("refunded");
    const counts = async () =>
      Object.fromEntries((await listed()).map((mentor) => [mentor.name, mentor.students]));
    expect(await counts()).toEqual({ Ann: 2, Bea: 1 });

    const next = await createCohort(services(), "boss@example.com", {
      startDate: "2027-03-01",
      capacity: 10,
    });
    expect(await makeCurrent(services(), "boss@example.com", next)).toBe("made_current");
    expect(await counts()).toEqual({ Ann: 0, Bea: 0 });
  });
});
