import { describe, expect, it } from "vitest";
import { useSeededConsole } from "../../../tests/support/console";
import { testEngines } from "../../../tests/support/databases";
import { toCsv } from "~/lib/csv";
import { allPeople, csvRow, CSV_HEADER, PAGE_SIZE, searchPeople } from "./people-query.server";

describe.each(testEngines())("owner's console queries on $name", (engine) => {
  const { t } = useSeededConsole(engine);

  it("filters and paginates on the server", async () => {
    const all = await searchPeople(t.services.db, {});
    expect(all.total).toBe(3 + PAGE_SIZE + 5);
    expect(all.rows).toHaveLength(PAGE_SIZE);
    const second = await searchPeople(t.services.db, { page: 2 });
    expect(second.rows).toHaveLength(8);
    expect(new Set([...all.rows, ...second.rows].map((r) => r.id)).size).toBe(all.total);

    expect(
      (await searchPeople(t.services.db, { status: "qualified" })).rows.map((r) => r.email),
    ).toEqual(["ada@example.com"]);
    expect((await searchPeople(t.services.db, { q: "BOB" })).rows.map((r) => r.email)).toEqual([
      "bob@example.com",
    ]);
    expect((await searchPeople(t.services.db, { q: "bob test" })).rows.map((r) => r.email)).toEqual(
      ["bob@example.com"],
    );
    expect(
      (await searchPeople(t.services.db, { tag: "outreach_scripts_lead" })).rows.map(
        (r) => r.email,
      ),
    ).toEqual(["cy@example.com"]);
    expect(
      (await searchPeople(t.services.db, { resource: "resume" })).rows.map((r) => r.email),
    ).toEqual(["ada@example.com"]);
    expect(
      (await searchPeople(t.services.db, { leadSource: "linkedin" })).rows.map((r) => r.email),
    ).toEqual(["bob@example.com"]);
    expect((await searchPeople(t.services.db, { from: "2026-11-11" })).total).toBe(0);
    expect(
      (await searchPeople(t.services.db, { from: "2026-11-10", to: "2026-11-10" })).total,
    ).toBe(all.total);
  });

  it("exports CSV safely", async () => {
    const csv = toCsv(
      CSV_HEADER,
      (await allPeople(t.services.db, { tag: "outreach_scripts_lead" })).map(csvRow),
    );
    const [header, row] = csv.trim().split("\r\n");
    expect(header).toBe(
      '"email","first name","last name","university","graduation year","status","lead source","tags","lead magnets","created","updated"',
    );
    expect(row).toContain(`"'=cmd|' /C calc'!A0"`);
  });
});
