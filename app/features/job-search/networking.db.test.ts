import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { flashToastOf } from "../../../tests/support/context";
import { ADD, jobSearchScene } from "../../../tests/support/job-search-scene";
import { answer, assignMentor, signedInMentor } from "../../../tests/support/mentors";
import { erasePerson, exportPerson } from "~/features/people/privacy.server";
import { studentHome } from "~/features/portal/student-home.server";
import * as mentorStudentRoute from "~/features/mentors/routes/mentor-student";
import * as networkingRoute from "./routes/networking";
import { MAX_CONVERSATIONS } from "./networking";
import { weekProgress } from "./networking.server";
import { networkingText, targetsText } from "./networking.words";

const NETWORKING = "/portal/networking";

/** A conversation as the add form posts it (the scene's clock is Sunday 2026-11-22). */
const TALK = {
  intent: "add",
  personName: "Dana Banker",
  firm: "Lazard",
  date: "2026-11-20",
  how: "coffee_chat",
  followUp: "",
  notes: "",
};

describe.each(testEngines())("weekly targets and networking on $name", (engine) => {
  const { s, db, services, student, add, list, move } = jobSearchScene(engine);

  const log = (cookie: string, fields: Record<string, string> = TALK) =>
    answer(services(), networkingRoute.action, NETWORKING, cookie, { fields });
  const conversations = async (cookie: string) =>
    (
      (await answer(services(), networkingRoute.loader, NETWORKING, cookie)).body as {
        conversations: { id: string; person_name: string; firm: string; date: string }[];
      }
    ).conversations;
  const studentPage = (id: string) => `/portal/mentor/students/${id}`;
  const setTargets = (cookie: string, id: string, a: string, c: string) =>
    answer(services(), mentorStudentRoute.action, studentPage(id), cookie, {
      params: { id },
      fields: { intent: "targets", applicationsPerWeek: a, conversationsPerWeek: c },
    });
  const targetsRows = () => db().selectFrom("job_search_targets").selectAll().execute();
  const conversationCount = async () =>
    Number(
      (
        await db()
          .selectFrom("networking_conversations")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("the student's mentor sets the weekly targets; another mentor is refused; bounds hold", async () => {
    const ada = await student("ada@example.com");
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    const bea = await signedInMentor(services(), "bea@example.com", "Bea Mentor");
    await assignMentor(services(), ada.id, ann.id);

    const page = await answer(
      services(),
      mentorStudentRoute.loader,
      studentPage(ada.id),
      ann.cookie,
      {
        params: { id: ada.id },
      },
    );
    expect((page.body as { targets: unknown }).targets).toBeNull();

    expect((await setTargets(bea.cookie, ada.id, "10", "3")).status).toBe(404);
    for (const [a, c] of [
      ["51", "3"],
      ["10", "-1"],
      ["ten", "3"],
      ["", "3"],
      ["2.5", "3"],
    ] as const)
      expect((await setTargets(ann.cookie, ada.id, a, c)).status).toBe(400);
    expect(await targetsRows()).toEqual([]);

    const saved = await setTargets(ann.cookie, ada.id, "10", "3");
    expect(saved.status).toBe(303);
    expect(await flashToastOf(saved, services())).toMatchObject({ title: targetsText.saved });
    expect(await targetsRows()).toMatchObject([
      {
        person_id: ada.id,
        applications_per_week: 10,
        conversations_per_week: 3,
        set_by_role: "mentor",
        set_by_id: ann.id,
      },
    ]);
    // Set again: the one row changes; 0 and 50 are targets too.
    expect((await setTargets(ann.cookie, ada.id, "0", "50")).status).toBe(303);
    expect(await targetsRows()).toMatchObject([
      { applications_per_week: 0, conversations_per_week: 50 },
    ]);
    expect((await setTargets(bea.cookie, ada.id, "7", "7")).status).toBe(404);
    expect(await targetsRows()).toMatchObject([
      { applications_per_week: 0, conversations_per_week: 50, set_by_id: ann.id },
    ]);
  });

  it("a student logs conversations (newest first), refused when out of bounds, and deletes their own only", async () => {
    const ada = await student("ada@example.com");
    const bo = await student("bo@example.com");
    for (const bad of [
      { ...TALK, personName: "" },
      { ...TALK, personName: "x".repeat(121) },
      { ...TALK, firm: "" },
      { ...TALK, firm: "x".repeat(121) },
      { ...TALK, date: "2026-02-30" },
      { ...TALK, date: "" },
      { ...TALK, how: "telepathy" },
      { ...TALK, followUp: "someday" },
      { ...TALK, followUp: "2026-11-19" },
      { ...TALK, notes: "x".repeat(1001) },
    ])
      expect((await log(ada.cookie, bad)).status).toBe(400);
    expect(await conversationCount()).toBe(0);

    expect((await log(ada.cookie)).status).toBe(303);
    const later = { ...TALK, personName: "Eli Analyst", firm: "Evercore", date: "2026-11-21" };
    const added = await log(ada.cookie, { ...later, followUp: "2026-11-28", notes: "Send resume" });
    expect(await flashToastOf(added, services())).toMatchObject({
      title: networkingText.added.title,
    });
    const mine = await conversations(ada.cookie);
    expect(mine.map((c) => c.firm)).toEqual(["Evercore", "Lazard"]);
    expect(await conversations(bo.cookie)).toEqual([]);

    const lazard = mine[1]!.id;
    expect((await log(bo.cookie, { intent: "delete", id: lazard })).status).toBe(404);
    expect(await conversationCount()).toBe(2);
    expect((await log(ada.cookie, { intent: "delete", id: lazard })).status).toBe(303);
    expect((await conversations(ada.cookie)).map((c) => c.firm)).toEqual(["Evercore"]);
  });

  it(`keeps at most ${MAX_CONVERSATIONS} conversations per student`, async () => {
    const ada = await student("ada@example.com");
    const now = s.clock.now().toISOString();
    await db()
      .insertInto("networking_conversations")
      .values(
        Array.from({ length: MAX_CONVERSATIONS - 1 }, (_, i) => ({
          id: randomUUID(),
          person_id: ada.id,
          person_name: `Person ${i}`,
          firm: "Firm",
          date: "2026-10-01",
          how: "email" as const,
          follow_up: null,
          notes: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect((await log(ada.cookie)).status).toBe(303);
    const refused = await log(ada.cookie);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(
      networkingText.errors.tooMany(MAX_CONVERSATIONS),
    );
    expect(await conversationCount()).toBe(MAX_CONVERSATIONS);
  });

  it("the week against the targets: applications by their first move to Applied, conversations by date", async () => {
    const ada = await student("ada@example.com");
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    await assignMentor(services(), ada.id, ann.id);
    const zone = services().config.siteTimeZone;
    const week = () => weekProgress(db(), ada.id, s.clock.now(), zone);
    expect(await week()).toMatchObject({
      applicationsSent: 0,
      applicationsTarget: null,
      conversations: 0,
      conversationsTarget: null,
      followUpsDue: 0,
      window: { startsOn: "2026-11-16", endsOn: "2026-11-22" },
    });

    // Added as Applied, and added to the wishlist then moved to Applied: two sent; a wishlist
    // one is not.
    await add(ada.cookie, { ...ADD, firm: "Lazard", stage: "applied" });
    await add(ada.cookie, { ...ADD, firm: "Evercore" });
    await add(ada.cookie, { ...ADD, firm: "Moelis" });
    const evercore = (await list(ada.cookie)).find((a) => a.firm === "Evercore")!.id;
    await move(ada.cookie, evercore, "applied");
    await log(ada.cookie);
    await log(ada.cookie, { ...TALK, date: "2026-11-12", followUp: "2026-11-19" });
    await setTargets(ann.cookie, ada.id, "5", "2");
    expect(await week()).toMatchObject({
      applicationsSent: 2,
      applicationsTarget: 5,
      conversations: 1,
      conversationsTarget: 2,
      followUpsDue: 1,
    });
    // The home's card says the same.
    const home = await studentHome(services(), ada.id);
    expect(home!.thisWeek).toMatchObject({ applicationsSent: 2, conversations: 1 });

    // Next week (Monday 05:00 UTC is midnight in New York): nothing yet, the targets stay.
    s.clock.set(new Date("2026-11-23T05:00:00Z"));
    expect(await week()).toMatchObject({
      applicationsSent: 0,
      applicationsTarget: 5,
      conversations: 0,
      conversationsTarget: 2,
      window: { startsOn: "2026-11-23" },
    });
    // A move to Interview this week does not send an application again.
    await move(ada.cookie, evercore, "interview", "1");
    expect((await week()).applicationsSent).toBe(0);
  });

  it("a person's export holds their targets and conversations; erasure removes both", async () => {
    const ada = await student("ada@example.com");
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    await assignMentor(services(), ada.id, ann.id);
    await setTargets(ann.cookie, ada.id, "10", "3");
    await log(ada.cookie, { ...TALK, notes: "Talked about the summer program" });
    const now = s.clock.now();
    const exported = await exportPerson(db(), ada.id, "owner@example.com", now);
    expect(exported!.portal.networking).toMatchObject({
      weeklyTargets: { applications_per_week: 10, conversations_per_week: 3 },
      conversations: [{ person_name: "Dana Banker", notes: "Talked about the summer program" }],
    });
    expect(await erasePerson(db(), ada.id, "owner@example.com", now)).toBe(true);
    expect(await conversationCount()).toBe(0);
    expect(await targetsRows()).toEqual([]);
  });
});
