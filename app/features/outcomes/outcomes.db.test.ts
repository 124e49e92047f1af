import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { answer, mentoredStudent, signedInMentor } from "../../../tests/support/mentors";
import { exportPerson } from "~/features/people/privacy.server";
import * as interviewsRoute from "~/features/outcomes/routes/interviews";
import * as mentorStudentRoute from "~/features/mentors/routes/mentor-student";
import * as profileRoute from "~/features/portal/routes/profile";
import { confirmedOffers, confirmOffer } from "./offers.server";

const OFFER = {
  intent: "offer",
  firm: "JPMorgan",
  role: "Analyst",
  track: "Banking",
  kind: "full_time",
  startDate: "2027-07-01",
  compensation: "$95k base",
};

describe.each(testEngines())("interviews and offers on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  /** Two mentors; Ada is Ann's student, Bo is Ben's. */
  async function scene() {
    s.clock.set(new Date("2027-01-08T12:00:00Z"));
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    const ben = await signedInMentor(services(), "ben@example.com", "Ben Mentor");
    const ada = await mentoredStudent(s, "ada@example.com", ann.id);
    const bo = await mentoredStudent(s, "bo@example.com", ben.id);
    return { annId: ann.id, benId: ben.id, ann: ann.cookie, ben: ben.cookie, ada, bo };
  }

  const post = (cookie: string, fields: Record<string, string>) =>
    answer(services(), interviewsRoute.action, "/portal/interviews", cookie, { fields });
  const view = async (cookie: string) =>
    (await answer(services(), interviewsRoute.loader, "/portal/interviews", cookie)).body as {
      interviews: { firm: string; ahead: boolean }[];
      offers: { id: string; firm: string; compensation: string | null; confirmed: string | null }[];
      unlocked: boolean;
    };
  const offers = () => db().selectFrom("offers").selectAll().execute();

  it("refuses a bad report under its field and stores nothing; stores a good one", async () => {
    const { ada } = await scene();
    const refused: Record<string, string>[] = [
      { intent: "interview", firm: "", role: "Analyst", date: "2027-01-20" },
      { intent: "interview", firm: "GS", role: "Analyst", date: "2027-02-30" },
      { intent: "interview", firm: "GS", role: "Analyst", date: "2029-01-20" },
      { ...OFFER, track: "Astronaut" },
      { ...OFFER, kind: "part_time" },
      { ...OFFER, compensation: "x".repeat(101) },
    ];
    const answers = [];
    for (const fields of refused) {
      const result = await post(ada.cookie, fields);
      expect(result.status, JSON.stringify(fields)).toBe(400);
      answers.push(result.body as { result: { error: Record<string, string[]> } });
    }
    expect(answers[3]!.result.error.track).toEqual(["Please choose a track"]);
    expect(answers[5]!.result.error.compensation).toEqual([
      "Please keep this under 100 characters",
    ]);
    expect(await offers()).toEqual([]);
    expect(await db().selectFrom("interviews").selectAll().execute()).toEqual([]);

    expect(
      (await post(ada.cookie, { intent: "interview", firm: "GS", role: "SA", date: "2027-01-20" }))
        .status,
    ).toBe(303);
    expect((await post(ada.cookie, { ...OFFER, track: "other", startDate: "" })).status).toBe(303);
    const [offer] = await offers();
    expect(offer).toMatchObject({
      person_id: ada.id,
      firm: "JPMorgan",
      track: "other",
      kind: "full_time",
      start_date: null,
      compensation: "$95k base",
      confirmed_at: null,
    });
    const page = await view(ada.cookie);
    expect(page.interviews).toMatchObject([{ firm: "GS", ahead: true }]);
    expect(page.unlocked).toBe(true);
    expect(page.offers).toMatchObject([{ firm: "JPMorgan", confirmed: null }]);
  });

  it("answers a firm or role of only spaces with the empty field's words, storing nothing", async () => {
    const { ada } = await scene();
    const blank = "   ";
    const cases = [
      [{ intent: "interview", firm: blank, role: "Analyst", date: "2027-01-20" }, "firm"],
      [{ intent: "interview", firm: "GS", role: blank, date: "2027-01-20" }, "role"],
      [{ ...OFFER, firm: blank }, "firm"],
      [{ ...OFFER, role: blank }, "role"],
    ] as const;
    for (const [fields, field] of cases) {
      const result = await post(ada.cookie, fields);
      expect(result.status, JSON.stringify(fields)).toBe(400);
      const body = result.body as {
        result: { error: Record<string, string[]> };
        toast: { title: string; description?: string };
      };
      const words = field === "firm" ? "Please enter the firm" : "Please enter the role";
      expect(body.result.error[field]).toEqual([words]);
      expect(JSON.stringify(body.toast)).toContain(words);
      expect(JSON.stringify(body)).not.toContain("Invalid input");
    }
    expect(await offers()).toEqual([]);
    expect(await db().selectFrom("interviews").selectAll().execute()).toEqual([]);
  });

  it("the student's own mentor confirms once; another mentor cannot; others never see it", async () => {
    const { ada, bo, ann, ben, annId, benId } = await scene();
    await post(ada.cookie, OFFER);
    const [offer] = await offers();
    // Bo sees only his own page: none of Ada's offer, its pay least of all.
    expect((await view(bo.cookie)).offers).toEqual([]);
    expect(JSON.stringify((await view(bo.cookie)) ?? {})).not.toContain("95k");
    expect(await confirmedOffers(db())).toEqual([]);

    const confirm = (cookie: string, personId: string) =>
      answer(services(), mentorStudentRoute.action, `/portal/mentor/students/${personId}`, cookie, {
        params: { id: personId },
        fields: { intent: "confirm_offer", offerId: offer!.id },
      });
    // Another mentor: not on Ada's page, not through Bo's page, not through the service.
    expect((await confirm(ben, ada.id)).status).toBe(404);
    expect((await confirm(ben, bo.id)).status).toBe(404);
    expect(await confirmOffer(services(), offer!.id, { role: "mentor", mentorId: benId })).toEqual({
      kind: "notFound",
    });
    expect((await offers())[0]!.confirmed_at).toBeNull();

    // Ann sees it on Ada's page, with its pay, and confirms it.
    const page = (
      await answer(
        services(),
        mentorStudentRoute.loader,
        `/portal/mentor/students/${ada.id}`,
        ann,
        { params: { id: ada.id } },
      )
    ).body as { outcomes: { offers: { compensation: string }[] } };
    expect(page.outcomes.offers[0]!.compensation).toBe("$95k base");
    expect((await confirm(ann, ada.id)).status).toBe(303);
    const confirmed = (await offers())[0]!;
    expect(confirmed).toMatchObject({ confirmed_by: "mentor", confirmed_by_id: annId });
    expect(confirmed.confirmed_at).toBe(s.clock.now().toISOString());
    // Twice changes nothing.
    s.clock.advance(60_000);
    expect((await confirm(ann, ada.id)).status).toBe(303);
    expect(
      await confirmOffer(services(), offer!.id, {
        role: "owner",
        adminId: "owner-1",
        email: "owner@example.com",
      }),
    ).toEqual({ kind: "already" });
    expect((await offers())[0]).toEqual(confirmed);
    expect((await confirmedOffers(db())).map((row) => row.id)).toEqual([offer!.id]);
    expect((await view(ada.cookie)).offers[0]!.confirmed).not.toBeNull();
    // Confirming asked Ada, once, for a testimonial: one row and one email, even confirmed twice.
    const asked = await db()
      .selectFrom("testimonials")
      .select(["person_id", "offer_id", "status"])
      .execute();
    expect(asked).toEqual([{ person_id: ada.id, offer_id: offer!.id, status: "requested" }]);
    const asks = await db()
      .selectFrom("outbox")
      .select("to_address")
      .where("kind", "=", "testimonial_request")
      .execute();
    expect(asks).toEqual([{ to_address: ada.email }]);
  });

  it("the owner confirms any offer, audited; an unconfirmed one counts nowhere", async () => {
    const { ada, bo } = await scene();
    await post(ada.cookie, OFFER);
    await post(bo.cookie, { ...OFFER, firm: "Citi" });
    const all = await offers();
    const adas = all.find((row) => row.person_id === ada.id)!;
    await db()
      .insertInto("admin_users")
      .values({
        id: "owner-1",
        email: "owner@example.com",
        password_hash: "x",
        is_admin: 1,
        created_at: s.clock.now().toISOString(),
      })
      .execute();
    expect(
      await confirmOffer(services(), adas.id, {
        role: "owner",
        adminId: "owner-1",
        email: "owner@example.com",
      }),
    ).toMatchObject({ kind: "confirmed", offer: { id: adas.id, personId: ada.id } });
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "offer.confirm")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe("owner@example.com");
    expect(JSON.parse(audit[0]!.details)).toEqual({ offerId: adas.id, personId: ada.id });
    expect((await confirmedOffers(db())).map((row) => row.firm)).toEqual(["JPMorgan"]);
    const cohortId = await s.cohortId();
    expect(await confirmedOffers(db(), { cohortId })).toHaveLength(1);
    expect(
      await confirmOffer(services(), "no-such-offer", {
        role: "owner",
        adminId: "owner-1",
        email: "owner@example.com",
      }),
    ).toEqual({ kind: "notFound" });
  });

  it("the profile saves 'not job seeking this year'; the export holds interviews and offers", async () => {
    const { ada } = await scene();
    const save = (extra: Record<string, string>) =>
      answer(services(), profileRoute.action, "/portal/profile", ada.cookie, {
        fields: { timeZone: "America/New_York", graduationYear: "2027", ...extra },
      });
    const profile = () =>
      db()
        .selectFrom("student_profiles")
        .select(["job_seeking", "not_job_seeking_at"])
        .where("person_id", "=", ada.id)
        .executeTakeFirstOrThrow();
    const seeking = async () => (await profile()).job_seeking;
    const declaredAt = s.clock.now().toISOString();
    expect((await save({ notJobSeeking: "on" })).status).toBe(303);
    expect(Number(await seeking())).toBe(0);
    // The moment it was declared is kept (CIRR excludes only a declaration by the census day),
    // also when the profile is saved again later with it still ticked.
    expect((await profile()).not_job_seeking_at).toBe(declaredAt);
    s.clock.advance(86_400_000);
    expect((await save({ notJobSeeking: "on" })).status).toBe(303);
    expect((await profile()).not_job_seeking_at).toBe(declaredAt);
    const form = (await answer(services(), profileRoute.loader, "/portal/profile", ada.cookie))
      .body as { values: { notJobSeeking: boolean } };
    expect(form.values.notJobSeeking).toBe(true);
    expect((await save({})).status).toBe(303);
    expect(Number(await seeking())).toBe(1);
    expect((await profile()).not_job_seeking_at).toBeNull();

    await post(ada.cookie, { intent: "interview", firm: "GS", role: "SA", date: "2027-01-20" });
    await post(ada.cookie, OFFER);
    const exported = (await exportPerson(db(), ada.id, "owner@example.com", s.clock.now())) as {
      portal: { interviews: { firm: string }[]; offers: { compensation: string }[] };
    };
    expect(exported.portal.interviews).toMatchObject([
      { firm: "GS", interview_date: "2027-01-20" },
    ]);
    expect(exported.portal.offers).toMatchObject([{ firm: "JPMorgan", compensation: "$95k base" }]);
  });
});
