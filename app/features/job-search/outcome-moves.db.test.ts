import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { jobSearchScene } from "../../../tests/support/job-search-scene";
import { answer, assignMentor, signedInMentor } from "../../../tests/support/mentors";
import * as interviewsRoute from "~/features/outcomes/routes/interviews";
import * as mentorStudentRoute from "~/features/mentors/routes/mentor-student";
import { outcomesReport } from "~/features/outcomes/report.server";
import { erasePerson, ERASED } from "~/features/people/privacy.server";

/** Interviews and offers come from the applications' moves (issue 47 item 3, decision 0063). */
describe.each(testEngines())("interviews and offers from applications on $name", (engine) => {
  const { s, services, db, student, add, list, page, post, move, count } = jobSearchScene(engine);

  const report = (cookie: string, fields: Record<string, string>) =>
    answer(services(), interviewsRoute.action, "/portal/interviews", cookie, { fields });
  const outcomesPage = async (cookie: string) =>
    (await answer(services(), interviewsRoute.loader, "/portal/interviews", cookie)).body as {
      interviews: { firm: string }[];
      offers: { id: string; confirmed: string | null }[];
      unlocked: boolean;
    };
  const rows = (table: "interviews" | "offers") =>
    db().selectFrom(table).selectAll().orderBy("id").execute();
  const currentMove = async (applicationId: string) =>
    db()
      .selectFrom("job_application_moves")
      .select(["id", "to_stage", "round"])
      .where("application_id", "=", applicationId)
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();

  it("a move to Interview writes its round's interview, which unlocks the deep-dive", async () => {
    const ada = await student("ada@example.com");
    await add(ada.cookie);
    const id = (await list(ada.cookie))[0]!.id;
    expect((await outcomesPage(ada.cookie)).unlocked).toBe(false);
    // The day is required for Interview, and read by the interviews page's rules.
    for (const interviewDate of ["", "2029-01-01"])
      expect((await move(ada.cookie, id, "interview", "1", { interviewDate })).status).toBe(400);
    expect(await rows("interviews")).toEqual([]);
    expect(
      (await move(ada.cookie, id, "interview", "1", { interviewDate: "2026-12-01" })).status,
    ).toBe(303);
    const [interview] = await rows("interviews");
    expect(interview).toMatchObject({
      person_id: ada.id,
      cohort_id: await s.cohortId(),
      application_id: id,
      move_id: (await currentMove(id)).id,
      firm: "Acme Capital",
      role: "Analyst",
      interview_date: "2026-12-01",
    });
    expect((await outcomesPage(ada.cookie)).unlocked).toBe(true);
    const view = (await page(ada.cookie, id)).body as { history: { interviewDate: string }[] };
    expect(view.history[0]!.interviewDate).toContain("December 1, 2026");
    // The application holds an interview now: it is not deleted with it.
    expect((await post(ada.cookie, id, { intent: "delete" })).status).toBe(409);
    expect(await count("job_applications")).toBe(1);
    // Erasure keeps the application the interview belongs to, its words erased.
    expect(await erasePerson(db(), ada.id, "owner@example.com", s.clock.now())).toBe(true);
    expect(await rows("interviews")).toMatchObject([{ application_id: id, firm: ERASED }]);
    expect(await db().selectFrom("job_applications").select(["id", "firm"]).execute()).toEqual([
      { id, firm: ERASED },
    ]);
  });

  it("a move to Offer writes an unconfirmed offer; the mentor confirms it and the report counts it", async () => {
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    const ada = await student("ada@example.com");
    await assignMentor(services(), ada.id, ann.id);
    await add(ada.cookie, {
      intent: "add",
      firm: "JPMorgan",
      role: "Analyst",
      track: "Banking",
      source: "referral",
      stage: "applied",
    });
    const id = (await list(ada.cookie))[0]!.id;
    expect((await move(ada.cookie, id, "offer", "", { kind: "" })).status).toBe(400);
    expect(
      (
        await move(ada.cookie, id, "offer", "", {
          kind: "full_time",
          startDate: "2027-07-01",
          compensation: "$95k base",
        })
      ).status,
    ).toBe(303);
    const [offer] = await rows("offers");
    expect(offer).toMatchObject({
      application_id: id,
      move_id: (await currentMove(id)).id,
      firm: "JPMorgan",
      track: "Banking",
      kind: "full_time",
      start_date: "2027-07-01",
      compensation: "$95k base",
      confirmed_at: null,
    });
    const counted = async () =>
      (await outcomesReport(db(), services().config.siteTimeZone)).cohorts.reduce(
        (sum, cohort) => sum + cohort.figures.confirmedOffers,
        0,
      );
    expect(await counted()).toBe(0);
    const history = async () =>
      ((await page(ada.cookie, id)).body as { history: { offer: { confirmed: string } }[] })
        .history[0]!.offer;
    expect(await history()).toEqual({ kind: "full_time", confirmed: null });

    const confirmed = await answer(
      services(),
      mentorStudentRoute.action,
      `/portal/mentor/students/${ada.id}`,
      ann.cookie,
      { params: { id: ada.id }, fields: { intent: "confirm_offer", offerId: offer!.id } },
    );
    expect(confirmed.status).toBe(303);
    expect(await counted()).toBe(1);
    expect((await history())!.confirmed).toBeTruthy();
  });

  it("reporting on /portal/interviews moves the same application as its form: no duplicate", async () => {
    const ada = await student("ada@example.com");
    await add(ada.cookie);
    const id = (await list(ada.cookie))[0]!.id;
    // The same firm and role, spaced and cased otherwise: Acme's application moves to round 1.
    const interview = { intent: "interview", firm: " acme CAPITAL", role: "analyst " };
    expect((await report(ada.cookie, { ...interview, date: "2026-12-01" })).status).toBe(303);
    expect(await currentMove(id)).toMatchObject({ to_stage: "interview", round: 1 });
    // Round 2 from the application's own form.
    await move(ada.cookie, id, "interview", "2", { interviewDate: "2026-12-05" });
    // Round 3 from the interviews page again.
    expect((await report(ada.cookie, { ...interview, date: "2026-12-09" })).status).toBe(303);
    expect(await currentMove(id)).toMatchObject({ to_stage: "interview", round: 3 });
    expect(await count("job_applications")).toBe(1);
    const interviews = await rows("interviews");
    expect(interviews.map((row) => [row.application_id, row.interview_date]).sort()).toEqual([
      [id, "2026-12-01"],
      [id, "2026-12-05"],
      [id, "2026-12-09"],
    ]);
    expect((await outcomesPage(ada.cookie)).interviews).toHaveLength(3);

    const offer = {
      intent: "offer",
      firm: "ACME Capital",
      role: "Analyst",
      track: "Banking",
      kind: "internship",
    };
    expect((await report(ada.cookie, offer)).status).toBe(303);
    expect(await currentMove(id)).toMatchObject({ to_stage: "offer" });
    expect((await rows("offers")).map((row) => [row.application_id, row.track])).toEqual([
      [id, "Banking"],
    ]);

    // A firm with no application: a new one (source "other"), its first entry the interview.
    expect(
      (
        await report(ada.cookie, {
          intent: "interview",
          firm: "Beta",
          role: "SA",
          date: "2026-12-02",
        })
      ).status,
    ).toBe(303);
    const beta = (await list(ada.cookie)).find((row) => row.firm === "Beta")!;
    expect(beta).toMatchObject({ stage: "interview", round: 1 });
    const betaRow = await db()
      .selectFrom("job_applications")
      .select("source")
      .where("id", "=", beta.id)
      .executeTakeFirstOrThrow();
    expect(betaRow.source).toBe("other");
    expect(
      (
        await db()
          .selectFrom("job_application_moves")
          .select("from_stage")
          .where("application_id", "=", beta.id)
          .execute()
      ).map((m) => m.from_stage),
    ).toEqual([null]);
    expect(await count("job_applications")).toBe(2);
  });
});
