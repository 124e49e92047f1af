import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { callAction, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { filledTracker, uploadRequest } from "../../../tests/support/job-search";
import { answer } from "../../../tests/support/mentors";
import { portalCookie } from "../../../tests/support/portal";
import { erasePerson, exportPerson } from "~/features/people/privacy.server";
import { trackerColumns } from "~/features/resources/application-tracker.words";
import * as applicationRoute from "./routes/application";
import * as applicationsRoute from "./routes/applications";
import * as exportRoute from "./routes/export";
import * as importRoute from "./routes/import";

const LIST = "/portal/applications";
const IMPORT = `${LIST}/import`;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const ADD = {
  intent: "add",
  firm: "Acme Capital",
  role: "Analyst",
  source: "posting",
  stage: "wishlist",
};

describe.each(testEngines())("a student's job search on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  async function student(email: string) {
    const id = await s.person(email);
    await s.pay(id, email);
    const cookie = await portalCookie(services(), {
      role: "student",
      personId: id,
      email,
      firstName: email.split("@")[0]!,
    });
    return { id, cookie };
  }

  const add = (cookie: string, fields: Record<string, string> = ADD) =>
    answer(services(), applicationsRoute.action, LIST, cookie, { fields });
  const list = async (cookie: string) =>
    (
      (await answer(services(), applicationsRoute.loader, LIST, cookie)).body as {
        applications: { id: string; firm: string; stage: string; round: number | null }[];
      }
    ).applications;
  const page = (cookie: string, id: string) =>
    answer(services(), applicationRoute.loader, `${LIST}/${id}`, cookie, { params: { id } });
  const post = (cookie: string, id: string, fields: Record<string, string>) =>
    answer(services(), applicationRoute.action, `${LIST}/${id}`, cookie, {
      params: { id },
      fields,
    });
  const current = async (cookie: string, id: string) =>
    ((await page(cookie, id)).body as { application: { move_id: string } }).application.move_id;
  const move = async (cookie: string, id: string, to: string, round = "") =>
    post(cookie, id, {
      intent: "move",
      moveId: await current(cookie, id),
      to,
      round,
      note: `to ${to}`,
    });
  const upload = async (cookie: string, bytes: Uint8Array, name = "tracker.xlsx") =>
    unwrap(
      await callAction(
        importRoute.action,
        uploadRequest(IMPORT, cookie, { bytes, name, type: XLSX_TYPE }, { intent: "preview" }),
        makeContext(services()),
      ),
    );
  const confirm = (cookie: string, rows: unknown[]) =>
    answer(services(), importRoute.action, IMPORT, cookie, {
      fields: { intent: "confirm", rows: JSON.stringify(rows) },
    });
  const count = async (table: "job_applications" | "job_application_moves") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

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

  it("previews the tracker, says which rows it cannot read, and brings in all rows or none", async () => {
    const ada = await student("ada@example.com");
    const good = {
      Firm: "Goldman",
      Role: "Summer Analyst",
      Status: "First Round",
      Deadline: "2026-12-01",
    };
    const bad = { Firm: "Broken Co", Role: "Analyst", Deadline: "next week" };
    const withBad = await upload(ada.cookie, await filledTracker([good, bad]));
    expect(withBad.status).toBe(200);
    const preview = (
      withBad.body as { preview: { rows: { raw: unknown }[]; problems: string[]; skipped: number } }
    ).preview;
    expect(preview.problems).toEqual([
      "Row 5, Deadline: Please write a date, for example 2026-10-15",
    ]);
    expect(preview.skipped).toBe(2);
    expect(await count("job_applications")).toBe(0);

    // A confirmation carrying a bad row is refused whole: the good row is not kept either.
    const goodRaw = preview.rows[0]!.raw as Record<string, string>;
    const refused = await confirm(ada.cookie, [
      goodRaw,
      { ...goodRaw, firm: "", stage: "interview" },
    ]);
    expect(refused.status).toBe(400);
    expect(await count("job_applications")).toBe(0);
    expect(await count("job_application_moves")).toBe(0);

    const clean = await upload(ada.cookie, await filledTracker([good]));
    const rows = (clean.body as { preview: { rows: { raw: unknown }[]; problems: string[] } })
      .preview;
    expect(rows.problems).toEqual([]);
    expect(
      (
        await confirm(
          ada.cookie,
          rows.rows.map((r) => r.raw),
        )
      ).status,
    ).toBe(303);
    expect(await list(ada.cookie)).toMatchObject([
      { firm: "Goldman", stage: "interview", round: 1 },
    ]);
  });

  it("refuses a file that is not a workbook, whatever its name", async () => {
    const ada = await student("ada@example.com");
    const text = new TextEncoder().encode("Firm,Role\nAcme,Analyst\n");
    for (const bytes of [text, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]) {
      const refused = await upload(ada.cookie, bytes);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(
        "This is not an Excel workbook (.xlsx) we can read",
      );
    }
  });

  it("refuses an import past 500 applications, keeping none of it", async () => {
    const ada = await student("ada@example.com");
    const row = { firm: "F", role: "R", source: "other", stage: "wishlist" };
    expect(
      (
        await confirm(
          ada.cookie,
          Array.from({ length: 499 }, () => row),
        )
      ).status,
    ).toBe(303);
    expect((await confirm(ada.cookie, [row, row])).status).toBe(409);
    expect(await count("job_applications")).toBe(499);
  });

  it("exports the tracker's columns and brings the same applications back", async () => {
    const ada = await student("ada@example.com");
    await add(ada.cookie, {
      ...ADD,
      track: "Banking",
      url: "https://acme.example/j",
      source: "career_fair",
    });
    const id = (await list(ada.cookie))[0]!.id;
    await move(ada.cookie, id, "applied");
    await move(ada.cookie, id, "interview", "3");
    await add(ada.cookie, { ...ADD, firm: "Zeta", stage: "applied" });
    const download = (await callAction(
      exportRoute.loader,
      new Request(`http://localhost:3000${LIST}.xlsx`, { headers: { cookie: ada.cookie } }),
      makeContext(services()),
    )) as Response;
    expect(download.headers.get("content-type")).toBe(XLSX_TYPE);
    const bytes = new Uint8Array(await download.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const header = workbook.getWorksheet("Applications")!.getRow(1).values as unknown[];
    expect(header.slice(1, 12)).toEqual([...trackerColumns]);

    const bo = await student("bo@example.com");
    const back = (await upload(bo.cookie, bytes)).body as { preview: { rows: { raw: unknown }[] } };
    await confirm(
      bo.cookie,
      back.preview.rows.map((r) => r.raw),
    );
    const strip = (rows: Awaited<ReturnType<typeof list>>) =>
      rows
        .map(({ firm, stage, round }) => ({ firm, stage, round }))
        .sort((a, b) => a.firm.localeCompare(b.firm));
    expect(strip(await list(bo.cookie))).toEqual(strip(await list(ada.cookie)));
    const fields = ["firm", "track", "url", "source"] as const;
    const rowsOf = (personId: string) =>
      db()
        .selectFrom("job_applications")
        .select(fields)
        .where("person_id", "=", personId)
        .orderBy("firm")
        .execute();
    expect(await rowsOf(bo.id)).toEqual(await rowsOf(ada.id));
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
