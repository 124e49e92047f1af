import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Home from "../app/features/site/routes/home";
import { seatScenario, setCurrentCohort } from "../tests/support/cohort";
import { testEngines } from "../tests/support/databases";
import { cohortLineFragment } from "./home-cohort";

describe.each(testEngines())("the home page's live cohort line on $name", (engine) => {
  const { services, db, person, pay } = seatScenario(engine);

  it("is what the page renders without a server, exactly once in it", () => {
    const [fallback] = cohortLineFragment(services()).fallbacks;
    expect(fallback).toContain('data-cohort="unknown"');
    // As the build prerenders it: the loader had no server, so no cohort.
    const page = renderToString(
      createElement(Home, { loaderData: { cohort: null } } as Parameters<typeof Home>[0]),
    );
    expect(page.split(fallback!)).toHaveLength(2);
  });

  it("reads the cohort on every request, so a seat sold shows on the next one", async () => {
    const fragment = cohortLineFragment(services());
    const line = async () => (await fragment.current())[0];
    await setCurrentCohort(db(), { capacity: 2, start_date: "2027-01-13" });
    expect(await line()).toContain(
      "the next cohort starts the week of January 11, and 2 of its 2 seats are left.",
    );
    await pay(await person("paid@example.com"), "paid@example.com");
    expect(await line()).toContain("1 of its 2 seats is left.");
    await setCurrentCohort(db(), { enrolled_count: 2 });
    expect(await line()).toMatch(/data-cohort="full".*is full\./);
  });

  it("sends the general line when the database does not answer in time", async () => {
    // A pool with no free connection: every query waits forever.
    const stalled: object = new Proxy(() => stalled, {
      get: (_target, name) =>
        name === "then"
          ? undefined
          : name.toString().startsWith("execute")
            ? () => new Promise(() => {})
            : stalled,
      apply: () => stalled,
    });
    const fragment = cohortLineFragment({ ...services(), db: stalled as never }, 50);
    const started = Date.now();
    expect(await fragment.current()).toBe(fragment.fallbacks);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
