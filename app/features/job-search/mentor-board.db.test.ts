import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { keepFirstDates } from "../../../tests/support/job-search";
import { jobSearchScene } from "../../../tests/support/job-search-scene";
import { answer, assignMentor, signedInMentor } from "../../../tests/support/mentors";
import * as boardRoute from "./routes/mentor-board";
import * as applicationRoute from "./routes/mentor-application";
import * as studentPage from "~/features/mentors/routes/mentor-student";
import { addConversation, setTargets } from "./networking.server";
import { addDays } from "~/lib/calendar-date";
import { dateInZone } from "~/lib/time-zone";
import { type BoardRow, type StudentPipeline } from "./mentor-board.server";

const DAY = 86_400_000;
type Fields = Record<string, string>;

describe.each(testEngines())("a mentor's view of the job search on $name", (engine) => {
  const { s, services, db, student, add, list, move, page, current } = jobSearchScene(engine);

  /** Ann mentors ada and cy, Bea mentors bob; ada has two applications, bob one. */
  async function scene() {
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    const bea = await signedInMentor(services(), "bea@example.com", "Bea Mentor");
    const ada = await student("ada@example.com");
    const cy = await student("cy@example.com");
    const bob = await student("bob@example.com");
    await assignMentor(services(), ada.id, ann.id);
    await assignMentor(services(), cy.id, ann.id);
    await assignMentor(services(), bob.id, bea.id);
    await add(ada.cookie, { ...ADD_AT("Quiet Capital"), deadline: "2020-01-01" });
    await add(ada.cookie, ADD_AT("Busy Partners"));
    await add(bob.cookie, ADD_AT("Bob's Firm"));
    const apps = await list(ada.cookie);
    const id = (firm: string) => apps.find((a) => a.firm === firm)!.id;
    return { ann, bea, ada, cy, bob, quiet: id("Quiet Capital"), busy: id("Busy Partners") };
  }
  const ADD_AT = (firm: string) => ({
    intent: "add",
    firm,
    role: "Analyst",
    source: "posting",
    stage: "wishlist",
  });

  const board = async (cookie: string, sort = "") =>
    (
      await answer(
        services(),
        boardRoute.loader,
        `/portal/mentor/board${sort && `?sort=${sort}`}`,
        cookie,
      )
    ).body as { sort: string; rows: BoardRow[] };
  const appPath = (personId: string, applicationId: string) =>
    `/portal/mentor/students/${personId}/applications/${applicationId}`;
  const mentorPage = (cookie: string, personId: string, applicationId: string) =>
    answer(services(), applicationRoute.loader, appPath(personId, applicationId), cookie, {
      params: { id: personId, applicationId },
    });
  const mentorPost = (
    cookie: string,
    personId: string,
    applicationId: string,
    fields: Record<string, string>,
  ) =>
    answer(services(), applicationRoute.action, appPath(personId, applicationId), cookie, {
      params: { id: personId, applicationId },
      fields,
    });
  const moves = (applicationId: string) =>
    db()
      .selectFrom("job_application_moves")
      .select(["to_stage", "by_role", "by_id", "is_current"])
      .where("application_id", "=", applicationId)
      .orderBy("at")
      .execute();

  /** Dates an application's moves (all, or but those to `except`) `days` ago. */
  const backdate = async (applicationId: string, days: number, except = "") => {
    await db()
      .updateTable("job_application_moves")
      .set({ at: new Date(s.clock.now().getTime() - days * DAY).toISOString() })
      .where("application_id", "=", applicationId)
      .where("to_stage", "!=", except as "interview")
      .execute();
    await keepFirstDates(db(), applicationId);
  };

  it("shows each of the mentor's students: counts by stage, sent this week, last activity, flags", async () => {
    const { ann, ada, cy, quiet, busy } = await scene();
    await move(ada.cookie, busy, "applied");
    await move(ada.cookie, busy, "interview", "1");
    await backdate(quiet, 15);
    await backdate(busy, 15, "interview");
    const { rows } = await board(ann.cookie, "name");
    expect(rows.map((row) => row.personId)).toEqual([ada.id, cy.id]);
    const [adaRow, cyRow] = rows;
    expect(adaRow!.total).toBe(2);
    expect(adaRow!.byStage).toMatchObject({ wishlist: 1, applied: 0, interview: 1 });
    // Quiet Capital: no move for 15 days and its deadline passed; Busy Partners: an interview
    // without a next step. Nobody else's application.
    expect(adaRow!.flags.map((f) => [f.kind, f.firm]).sort()).toEqual([
      ["deadline", "Quiet Capital"],
      ["next_step", "Busy Partners"],
      ["quiet", "Quiet Capital"],
    ]);
    expect(adaRow!.flags.find((f) => f.kind === "quiet")!.applicationId).toBe(quiet);
    expect(adaRow!.lastActivityWhen).not.toBeNull();
    expect(cyRow).toMatchObject({ total: 0, thisWeek: 0, lastActivityWhen: null, flags: [] });
    expect(JSON.stringify(rows)).not.toContain("Bob's Firm");

    // Sent this week, by the owner's rule: Busy Partners was sent (moved to Applied) 15 days
    // ago, so not this week; Quiet Capital sent today is. Its deadline still passed as Applied.
    expect(adaRow!.thisWeek).toBe(0);
    await move(ada.cookie, quiet, "applied");
    const again = (await board(ann.cookie, "name")).rows[0]!;
    expect(again.thisWeek).toBe(1);
    expect(again.flags.map((f) => f.kind).sort()).toEqual(["deadline", "next_step"]);
  });

  it("sorts by the link's key: flags, activity, week or name", async () => {
    const { ann, ada, cy, quiet, busy } = await scene();
    await backdate(quiet, 15);
    await backdate(busy, 3);
    const order = async (sort: string) =>
      (await board(ann.cookie, sort)).rows.map((r) => r.personId);
    expect(await order("flags")).toEqual([ada.id, cy.id]);
    expect(await order("")).toEqual([ada.id, cy.id]);
    // No activity at all is the quietest; then fewest sent this week (0 each: by name).
    expect(await order("activity")).toEqual([cy.id, ada.id]);
    expect(await order("week")).toEqual([ada.id, cy.id]);
    expect(await order("name")).toEqual([ada.id, cy.id]);
    expect((await board(ann.cookie, "salary")).sort).toBe("flags");
  });

  it("puts the job search on the mentor's student page", async () => {
    const { ann, ada, busy } = await scene();
    await move(ada.cookie, busy, "applied");
    const result = await answer(
      services(),
      studentPage.loader,
      `/portal/mentor/students/${ada.id}`,
      ann.cookie,
      { params: { id: ada.id } },
    );
    const { jobSearch } = result.body as { jobSearch: StudentPipeline };
    expect(jobSearch.summary).toMatchObject({ total: 2, thisWeek: 1 });
    expect(jobSearch.stages.map((g) => [g.stage, g.applications.map((a) => a.firm)])).toEqual([
      ["wishlist", ["Quiet Capital"]],
      ["applied", ["Busy Partners"]],
      ["interview", []],
      ["offer", []],
    ]);
  });

  it("records the mentor's move and note as theirs; the student's history says so", async () => {
    const { ann, ada, busy } = await scene();
    const moveId = await current(ada.cookie, busy);
    // The student's rules: no skipping to Accepted; a note is bounded and required.
    for (const bad of <Fields[]>[
      { intent: "move", moveId, to: "accepted" },
      { intent: "move", moveId, to: "interview", round: "0" },
      { intent: "note", body: "" },
      { intent: "note", body: "x".repeat(301) },
    ])
      expect((await mentorPost(ann.cookie, ada.id, busy, bad)).status).toBe(400);
    const moved = await mentorPost(ann.cookie, ada.id, busy, {
      intent: "move",
      moveId,
      to: "applied",
      note: "Sent it together",
    });
    expect(moved.status).toBe(303);
    expect(await moves(busy)).toEqual([
      { to_stage: "wishlist", by_role: "student", by_id: ada.id, is_current: 0 },
      { to_stage: "applied", by_role: "mentor", by_id: ann.id, is_current: 1 },
    ]);
    // A stale form: the stage moved on since it was drawn.
    const stale = await mentorPost(ann.cookie, ada.id, busy, {
      intent: "move",
      moveId,
      to: "rejected",
    });
    expect(stale.status).toBe(409);
    s.clock.advance(60_000);
    const noted = await mentorPost(ann.cookie, ada.id, busy, {
      intent: "note",
      body: "Follow up with the recruiter on Friday.",
    });
    expect(noted.status).toBe(303);

    type Entry = { kind: string; by: string; to_stage?: string; body?: string };
    const studentView = (await page(ada.cookie, busy)).body as { history: Entry[] };
    expect(studentView.history.map((e) => [e.kind, e.by, e.to_stage ?? e.body])).toEqual([
      ["note", "mentor", "Follow up with the recruiter on Friday."],
      ["move", "mentor", "applied"],
      ["move", "you", "wishlist"],
    ]);
    const mentorView = (await mentorPage(ann.cookie, ada.id, busy)).body as { history: Entry[] };
    expect(mentorView.history.map((e) => [e.kind, e.by])).toEqual([
      ["note", "you"],
      ["move", "you"],
      ["move", "student"],
    ]);
    // The student may still move it on from the mentor's move.
    expect((await move(ada.cookie, busy, "interview", "1")).status).toBe(303);
  });

  it("never for another mentor's student, nor for a student", async () => {
    const { ann, bea, ada, cy, busy } = await scene();
    const moveId = await current(ada.cookie, busy);
    expect((await mentorPage(bea.cookie, ada.id, busy)).status).toBe(404);
    for (const fields of <Fields[]>[
      { intent: "move", moveId, to: "applied" },
      { intent: "note", body: "Not mine to say." },
    ])
      expect((await mentorPost(bea.cookie, ada.id, busy, fields)).status).toBe(404);
    // The right mentor, but an application that is not this student's.
    const cyId = cy.id;
    expect((await mentorPage(ann.cookie, cyId, busy)).status).toBe(404);
    expect((await mentorPost(ann.cookie, cyId, busy, { intent: "note", body: "x" })).status).toBe(
      404,
    );
    // A student cannot use the mentor's page at all.
    expect((await mentorPage(ada.cookie, ada.id, busy)).status).toBe(403);
    expect((await mentorPost(ada.cookie, ada.id, busy, { intent: "note", body: "x" })).status).toBe(
      403,
    );
    expect((await board(bea.cookie)).rows.map((row) => row.personId)).not.toContain(ada.id);
    expect(await moves(busy)).toEqual([
      { to_stage: "wishlist", by_role: "student", by_id: ada.id, is_current: 1 },
    ]);
    expect(await db().selectFrom("job_application_notes").selectAll().execute()).toEqual([]);
  });

  it("shows the week against the mentor's targets and flags a follow-up date passed", async () => {
    const { ann, ada } = await scene();
    const today = dateInZone(services().clock.now(), services().config.siteTimeZone);
    await setTargets(
      services(),
      ada.id,
      { intent: "targets", applicationsPerWeek: 5, conversationsPerWeek: 2 },
      { role: "mentor", id: ann.id },
    );
    const talk = (firm: string, date: string, followUp: string | null) =>
      addConversation(services(), ada.id, {
        personName: "Sam Banker",
        firm,
        date,
        how: "coffee_chat",
        followUp,
        notes: null,
      });
    await talk("Evercore", addDays(today, -20), addDays(today, -3));
    await talk("Lazard", today, addDays(today, 3));
    const row = (await board(ann.cookie)).rows.find((r) => r.personId === ada.id)!;
    expect(row).toMatchObject({
      conversationsThisWeek: 1,
      targets: { applicationsPerWeek: 5, conversationsPerWeek: 2 },
    });
    expect(row.flags.filter((f) => f.kind === "follow_up")).toEqual([
      {
        kind: "follow_up",
        applicationId: null,
        firm: "Evercore",
        person: "Sam Banker",
        since: addDays(today, -3),
      },
    ]);
    // A later conversation with the firm is the follow-up: the flag goes.
    await talk("evercore", addDays(today, -1), null);
    const again = (await board(ann.cookie)).rows.find((r) => r.personId === ada.id)!;
    expect(again.flags.filter((f) => f.kind === "follow_up")).toEqual([]);
  });
});
