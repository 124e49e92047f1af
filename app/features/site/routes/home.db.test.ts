import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { seatScenario, setCurrentCohort } from "../../../../tests/support/cohort";
import { callAction, makeContext } from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { Memo } from "~/lib/memo.server";
import Home, { LIVE_PARTS_MS, loader } from "./home";

/**
 * `/` rendered by React Router like every page (decision 0058): its live parts (the cohort line,
 * the testimonials, the headline) read once and kept LIVE_PARTS_MS, or until a write on this
 * instance clears them.
 */
describe.each(testEngines())("the home page's live parts on $name", (engine) => {
  const { services, db, person, pay } = seatScenario(engine);

  /** The page as a visitor gets it, from services whose memo runs on a clock moved by hand. */
  const visitor = () => {
    let now = 0;
    const own = { ...services(), memo: new Memo(() => now) };
    const page = async () => {
      const loaderData = await callAction(loader, new Request("http://x/"), makeContext(own));
      return renderToStaticMarkup(
        createElement(Home, { loaderData } as Parameters<typeof Home>[0]),
      );
    };
    return { page, memo: own.memo, wait: (ms: number) => (now += ms) };
  };

  it("shows this moment's cohort line, read once for LIVE_PARTS_MS", async () => {
    await setCurrentCohort(db(), { capacity: 2, start_date: "2027-01-13" });
    const { page, wait } = visitor();
    const line = "the next cohort starts the week of January 11, and 2 of its 2 seats are left.";
    expect(await page()).toContain(line);
    // Sold on another instance: this one keeps the line it read until it expires.
    await pay(await person("paid@example.com"), "paid@example.com");
    wait(LIVE_PARTS_MS - 1);
    expect(await page()).toContain(line);
    wait(1);
    expect(await page()).toContain("1 of its 2 seats is left.");
    await setCurrentCohort(db(), { enrolled_count: 2 });
    wait(LIVE_PARTS_MS);
    expect(await page()).toMatch(/data-cohort="full"[^>]*>The cohort starting the week of/);
  });

  it("reads again at once after a write on this instance clears the memo", async () => {
    await setCurrentCohort(db(), { capacity: 10, enrolled_count: 3, is_active: 1 });
    const { page, memo } = visitor();
    expect(await page()).toContain("7 of its 10 seats are left.");
    await setCurrentCohort(db(), { is_active: 0 });
    expect(await page()).toContain("7 of its 10 seats are left.");
    memo.clear();
    expect(await page()).toContain('data-cohort="closed"');
  });
});
