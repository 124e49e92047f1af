import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { callAction, makeContext } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { filledTracker } from "../../../tests/support/job-search";
import { ADD, jobSearchScene, XLSX_TYPE } from "../../../tests/support/job-search-scene";
import { trackerColumns } from "~/features/resources/application-tracker.words";
import * as exportRoute from "./routes/export";

describe.each(testEngines())("the tracker spreadsheet in and out on $name", (engine) => {
  const { services, db, student, add, list, move, upload, confirm, count } = jobSearchScene(engine);

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
      new Request("http://localhost:3000/portal/applications.xlsx", {
        headers: { cookie: ada.cookie },
      }),
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
});
