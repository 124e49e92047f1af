import { describe, expect, it } from "vitest";
import { useSeededConsole } from "../../../tests/support/console";
import { testEngines } from "../../../tests/support/databases";
import { PAGE_SIZE } from "~/features/people/people-query.server";
import { dashboard } from "./dashboard.server";

describe.each(testEngines())("owner's console queries on $name", (engine) => {
  const { t, clock } = useSeededConsole(engine);

  it("summarises the dashboard", async () => {
    const summary = await dashboard(t.services.db, clock.now(), "UTC");
    expect(summary.applications).toEqual({ qualified: 1, waitlist: 1 });
    expect(summary.leads.resume).toEqual({ week: 3, total: 3 });
    expect(summary.cohort.capacity).toBe(10);
    expect(summary.emails.pending).toBe(3 + PAGE_SIZE + 5);
  });
});
