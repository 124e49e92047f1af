import { describe, expect, it } from "vitest";
import { PATH, useAdminGate } from "../../../../tests/support/admin-login";
import { setCurrentCohort } from "../../../../tests/support/cohort";
import { testEngines } from "../../../../tests/support/databases";
import { getCohort } from "~/features/cohort/cohort.server";
import type { SeatHoldStatus } from "~/db/schema";

describe.each(testEngines())("admin cohort settings on $name", (engine) => {
  const { t, clock, admin, post, load, loginCookie, flash, cohortRow, audit } =
    useAdminGate(engine);

  describe("settings", () => {
    const save = async (fields: Record<string, string | string[]>, cookie: string) =>
      post({ intent: "save", ...fields }, { cookie });

    it("saves the form, shows the success toast and audits the change", async () => {
      const cookie = await loginCookie();
      const response = await save(
        { startDate: "2027-01-13", capacity: "12", isActive: ["off", "on"] },
        cookie,
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(PATH);
      expect(await flash(response)).toEqual({
        title: "Cohort settings have been updated.",
        variant: "success",
      });
      expect(await cohortRow()).toMatchObject({
        start_date: "2027-01-13",
        capacity: 12,
        enrolled_count: 0,
      });
      const rows = await audit();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor: admin.email, action: "cohort.update" });
      const unchanged = { enrolledCount: 0, isActive: true, earliestGraduationYear: null };
      expect(JSON.parse(rows[0]!.details)).toEqual({
        before: { startDate: null, capacity: 10, ...unchanged },
        after: { startDate: "2027-01-13", capacity: 12, ...unchanged },
        studentsEmailed: 0,
        sessions: { created: 6, moved: 0, updated: 0, emailed: 0 },
      });
      expect(await load(cookie)).toMatchObject({
        body: { cohort: { startDate: "2027-01-13", capacity: 12, ...unchanged } },
      });
    });

    it("merges only the submitted fields and never touches the enrolled count", async () => {
      const cookie = await loginCookie();
      await save({ startDate: "2027-01-13", capacity: "12", isActive: "off" }, cookie);
      // A checkout finishing elsewhere.
      await setCurrentCohort(t.services.db, { enrolled_count: 4 });
      await save({ capacity: "9" }, cookie);
      expect(await cohortRow()).toMatchObject({
        start_date: "2027-01-13",
        capacity: 9,
        enrolled_count: 4,
        is_active: 0,
      });
      await save({ startDate: "", enrolledCount: "0", enrolled_count: "0" }, cookie);
      expect(await cohortRow()).toMatchObject({
        start_date: null,
        capacity: 9,
        enrolled_count: 4,
        is_active: 0,
      });
      const details = (await audit()).map((row) => JSON.parse(row.details));
      expect(details).toHaveLength(3);
      expect(details[1]).toMatchObject({ before: { capacity: 12 }, after: { capacity: 9 } });
      expect(details[2]).toMatchObject({
        before: { startDate: "2027-01-13" },
        after: { startDate: null },
      });
    });

    it("writes no audit row when nothing changed", async () => {
      const cookie = await loginCookie();
      const response = await save({ capacity: "10", isActive: ["off", "on"] }, cookie);
      expect(response.status).toBe(303);
      expect(await flash(response)).toMatchObject({ title: "Cohort settings have been updated." });
      expect(await audit()).toHaveLength(0);
    });

    it.each(["-1", "1.5", "abc", ""])(
      "refuses capacity %j with a field error and changes nothing",
      async (capacity) => {
        const cookie = await loginCookie();
        await load(cookie); // the admin has the page open: the cohort row exists
        const response = await save({ capacity, startDate: "2027-01-13", isActive: "off" }, cookie);
        expect(response.status).toBe(400);
        const body = response.body as {
          result: { error: Record<string, string[]> };
          toast: { title: string };
        };
        expect(body.result.error.capacity).toEqual(["Please enter a whole number, 0 or more"]);
        expect(body.toast.title).toBe("Failed to update cohort settings. Please try again.");
        expect(await cohortRow()).toMatchObject({ start_date: null, capacity: 10, is_active: 1 });
        expect(await audit()).toHaveLength(0);
      },
    );

    it("saves the earliest graduation year with an audit, and an emptied one as the current year", async () => {
      const cookie = await loginCookie();
      const year = clock.now().getUTCFullYear();
      const response = await save({ earliestGraduationYear: String(year - 1) }, cookie);
      expect(response.status).toBe(303);
      expect(await flash(response)).toMatchObject({ title: "Cohort settings have been updated." });
      expect((await cohortRow())?.earliest_graduation_year).toBe(year - 1);
      expect(await load(cookie)).toMatchObject({
        body: { cohort: { earliestGraduationYear: year - 1 }, currentYear: year },
      });

      await save({ earliestGraduationYear: "" }, cookie);
      expect((await cohortRow())?.earliest_graduation_year).toBeNull();
      const rows = await audit();
      expect(rows.map((row) => row.action)).toEqual(["cohort.update", "cohort.update"]);
      const [set, cleared] = rows.map((row) => JSON.parse(row.details));
      expect(set).toMatchObject({
        before: { earliestGraduationYear: null },
        after: { earliestGraduationYear: year - 1 },
      });
      expect(cleared).toMatchObject({
        before: { earliestGraduationYear: year - 1 },
        after: { earliestGraduationYear: null },
      });
    });

    it.each(["1949", "+10", "25", "20x5", "last year"])(
      "refuses earliest graduation year %j with a field error and changes nothing",
      async (earliestGraduationYear) => {
        const cookie = await loginCookie();
        await load(cookie); // the cohort row exists
        const year = clock.now().getUTCFullYear();
        const response = await save({ earliestGraduationYear, capacity: "12" }, cookie);
        expect(response.status).toBe(400);
        const body = response.body as { result: { error: Record<string, string[]> } };
        expect(body.result.error.earliestGraduationYear).toEqual([
          `Please enter a year from 1950 to ${year + 10}, or leave it empty for the current year`,
        ]);
        expect(await cohortRow()).toMatchObject({ capacity: 10, earliest_graduation_year: null });
        expect(await audit()).toHaveLength(0);
      },
    );

    it("refuses a year more than ten years ahead, as the server's clock counts", async () => {
      const cookie = await loginCookie();
      const year = clock.now().getUTCFullYear();
      expect((await save({ earliestGraduationYear: String(year + 11) }, cookie)).status).toBe(400);
      expect(await audit()).toHaveLength(0);
      expect((await save({ earliestGraduationYear: String(year + 10) }, cookie)).status).toBe(303);
      expect((await cohortRow())?.earliest_graduation_year).toBe(year + 10);
    });

    it("refuses an impossible start date", async () => {
      const cookie = await loginCookie();
      const response = await save({ startDate: "2027-02-30" }, cookie);
      expect(response.status).toBe(400);
      expect(await audit()).toHaveLength(0);
    });

    it("shows the failure toast when the database refuses the update", async () => {
      const cookie = await loginCookie();
      await load(cookie); // creates the cohort row
      await t.services.db.schema.dropTable("audit_log").execute();
      try {
        const response = await save({ capacity: "3" }, cookie);
        expect(response.status).toBe(500);
        expect(response.body).toMatchObject({
          toast: { title: "Failed to update cohort settings. Please try again." },
        });
        expect((await cohortRow())?.capacity).toBe(10);
      } finally {
        await t.services.db.schema
          .createTable("audit_log")
          .addColumn("id", engine.name === "postgres" ? "serial" : "integer", (c) =>
            engine.name === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("actor", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("details", "text", (c) => c.notNull())
          .addColumn("at", "text", (c) => c.notNull())
          .execute();
      }
    });

    it("counts seats held by open checkouts beside the available spots", async () => {
      const cookie = await loginCookie();
      const now = clock.now().getTime();
      const cohortId = (await getCohort(t.services.db, clock.now())).id;
      const hold = (id: string, status: SeatHoldStatus, expiresInMs: number) => ({
        id,
        cohort_id: cohortId,
        kind: "checkout" as const,
        offer_token_hash: null,
        person_id: null,
        email: null,
        status,
        provider: "test",
        session_id: id,
        expires_at: new Date(now + expiresInMs).toISOString(),
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      });
      await t.services.db
        .insertInto("seat_holds")
        .values([
          hold("h1", "held", 60_000),
          hold("h2", "held", 120_000),
          hold("h3", "held", -1),
          hold("h4", "paid", 60_000),
          hold("h5", "expired", 60_000),
        ])
        .execute();
      expect((await load(cookie)).body).toMatchObject({ heldSeats: 2 });
    });
  });
});
