import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { keepFirstDates } from "../../../tests/support/job-search";
import { ADD, jobSearchScene } from "../../../tests/support/job-search-scene";
import { erasePerson, exportPerson } from "~/features/people/privacy.server";

describe.each(testEngines())("a student's job search on $name", (engine) => {
  const { s, db, student, add, list, page, post, current, move, count } = jobSearchScene(engine);

  it("adds an application; refuses a bad one and stores nothing", async () => {
    const ada = await student("ada@example.com");
    for (const bad of [
      { ...ADD, firm: "" },
      { ...ADD, firm: "x".repeat(101) },
      { ...ADD, url: "http://acme.example/job" },
      { ...ADD, url: "javascript:alert(1)" },
      { ...ADD, track: "Astronaut" },
      { ...ADD, deadline: "2026-02-30" },
      { ...ADD, source: "luck" },
      { ...ADD, stage: "offer" },
    ]) {
      expect((await add(ada.cookie, bad)).status).toBe(400);
    }
    expect(await count("job_applications")).toBe(0);
    const added = await add(ada.cookie, {
      ...ADD,
      url: "https://acme.example/job",
      track: "Banking",
    });
    expect(added.status).toBe(303);
    expect(await list(ada.cookie)).toMatchObject([{ firm: "Acme Capital", stage: "wishlist" }]);
  });

  it("moves an application through its stages, each move a dated entry, one of them current", async () => {
    const ada = await student("ada@example.com");
    await add(ada.cookie);
    const id = (await list(ada.cookie))[0]!.id;
    // A second apart: the history is read in order of time.
    s.clock.advance(1_000);
    expect((await move(ada.cookie, id, "applied")).status).toBe(303);
    s.clock.advance(86_400_000);
    expect((await move(ada.cookie, id, "interview", "1")).status).toBe(303);
    expect((await move(ada.cookie, id, "interview", "1")).status).toBe(400);
    expect((await move(ada.cookie, id, "interview", "2")).status).toBe(303);
    expect((await move(ada.cookie, id, "offer", "3")).status).toBe(303);
    expect((await move(ada.cookie, id, "wishlist")).status).toBe(400);
    const moves = await db()
      .selectFrom("job_application_moves")
      .select(["from_stage", "to_stage", "round", "note", "is_current", "at"])
      .where("application_id", "=", id)
      .orderBy("at")
      .orderBy("is_current")
      .execute();
    expect(moves.map((m) => [m.from_stage, m.to_stage, m.round, m.is_current])).toEqual([
      [null, "wishlist", null, 0],
      ["wishlist", "applied", null, 0],
      ["applied", "interview", 1, 0],
      ["interview", "interview", 2, 0],
      ["interview", "offer", null, 1],
    ]);
    expect(moves[2]!.at > moves[1]!.at).toBe(true);
    const view = (await page(ada.cookie, id)).body as {
      history: { when: string }[];
      zone: string;
    };
    expect(view.history[0]!.when).toMatch(/E[SD]T$/);
  });

  it("refuses a move drawn from a stage that has moved on", async () => {
    const ada = await student("ada@example.com");
    await add(ada.cookie);
    const id = (await list(ada.cookie))[0]!.id;
    const stale = await current(ada.cookie, id);
    await move(ada.cookie, id, "applied");
    const refused = await post(ada.cookie, id, { intent: "move", moveId: stale, to: "rejected" });
    expect(refused.status).toBe(409);
    expect(await list(ada.cookie)).toMatchObject([{ stage: "applied" }]);
  });

  it("the database refuses a second current stage for one application", async () => {
    const ada = await student("ada@example.com");
    await add(ada.cookie);
    const id = (await list(ada.cookie))[0]!.id;
    const second = {
      id: "second-current",
      application_id: id,
      at: s.clock.now().toISOString(),
      from_stage: "wishlist" as const,
      to_stage: "applied" as const,
      round: null,
      note: null,
      by_role: "student",
      by_id: ada.id,
      is_current: 1,
    };
    await expect(
      db().insertInto("job_application_moves").values(second).execute(),
    ).rejects.toThrow();
    await db()
      .insertInto("job_application_moves")
      .values({ ...second, is_current: 0 })
      .execute();
    await keepFirstDates(db(), id);
  });

  it("another student's application is not found, to read or to change", async () => {
    const ada = await student("ada@example.com");
    const bo = await student("bo@example.com");
    await add(ada.cookie);
    const id = (await list(ada.cookie))[0]!.id;
    expect((await page(bo.cookie, id)).status).toBe(404);
    for (const fields of [
      { ...ADD, intent: "edit", firm: "Bo's firm" } as Record<string, string>,
      { intent: "move", moveId: await current(ada.cookie, id), to: "applied" },
      { intent: "delete" },
    ])
      expect((await post(bo.cookie, id, fields)).status).toBe(404);
    expect(await list(ada.cookie)).toMatchObject([{ firm: "Acme Capital", stage: "wishlist" }]);
    expect(await list(bo.cookie)).toEqual([]);
  });

  it("a person's export holds their applications with history; erasure removes both", async () => {
    const ada = await student("ada@example.com");
    await add(ada.cookie);
    const id = (await list(ada.cookie))[0]!.id;
    await move(ada.cookie, id, "applied");
    const now = s.clock.now();
    const exported = await exportPerson(db(), ada.id, "owner@example.com", now);
    expect(exported!.portal.jobApplications).toMatchObject([
      { firm: "Acme Capital", history: [{ to_stage: "wishlist" }, { to_stage: "applied" }] },
    ]);
    expect(await erasePerson(db(), ada.id, "owner@example.com", now)).toBe(true);
    expect(await count("job_applications")).toBe(0);
    expect(await count("job_application_moves")).toBe(0);
  });
});
