import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { callAction, errorToast, formRequest, unwrap } from "../../../../tests/support/context";
import { setCurrentCohort } from "../../../../tests/support/cohort";
import { testEngines } from "../../../../tests/support/databases";
import { leadAnswers as answers, useLeadPages } from "../../../../tests/support/lead-pages";
import { action as leadPageAction, loader as leadPageLoader } from "./lead-page";

describe.each(testEngines())("lead pages on $name", (engine) => {
  const { t, context, submit, count } = useLeadPages(engine);

  it("answers 404 on a path that is not a lead page, for the page and its form", async () => {
    const load = async (path: string) =>
      leadPageLoader({
        request: new Request(`http://localhost:3000${path}`),
        context: context(),
      } as never);
    expect((await load("/cold-outreach")).type).toBe("outreach");
    expect((await load("/resume-template/")).type).toBe("resume");
    const thrown = await unwrap(await load("/not-a-lead-page").catch((error: unknown) => error));
    expect(thrown.status).toBe(404);
    const posted = await unwrap(
      await callAction(leadPageAction, formRequest("/elsewhere", answers), context()).catch(
        (error: unknown) => error,
      ),
    );
    expect(posted.status).toBe(404);
    expect(await count("people")).toBe(0);
  });

  it("refuses invalid answers with field errors and writes nothing", async () => {
    const { status, location, body } = await submit("/resume-template", {
      ...answers,
      graduationYear: "2020",
      email: "nope",
      university: "",
    });
    expect(status).toBe(400);
    expect(location).toBeNull();
    expect(body.result?.error?.graduationYear?.[0]).toBe(
      "Please enter a valid year (2026 or later)",
    );
    expect(body.result?.error?.email).toEqual(["Please enter a valid email address"]);
    expect(body.result?.error?.university).toEqual(["Please enter your university"]);
    expect(await count("people")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("takes the cohort's earliest graduation year on the page and in its action", async () => {
    const year = t.services.clock.now().getUTCFullYear();
    const page = () =>
      leadPageLoader({
        request: new Request("http://localhost:3000/cold-outreach"),
        context: context(),
      } as never);
    expect((await page()).earliestYear).toBe(year);
    await setCurrentCohort(t.services.db, { earliest_graduation_year: year - 1 });
    try {
      expect((await page()).earliestYear).toBe(year - 1);
      const earlier = await submit("/cold-outreach", {
        ...answers,
        graduationYear: String(year - 2),
      });
      expect(earlier.status).toBe(400);
      expect(earlier.body.result?.error?.graduationYear).toEqual([
        `Please enter a valid year (${year - 1} or later)`,
      ]);
      expect(await count("people")).toBe(0);
      const recent = await submit("/cold-outreach", {
        ...answers,
        graduationYear: String(year - 1),
      });
      expect(recent.status).toBe(303);
      expect(await count("people")).toBe(1);
    } finally {
      await setCurrentCohort(t.services.db, { earliest_graduation_year: null });
    }
  });

  it("answers a filled honeypot like success and writes and sends nothing", async () => {
    const { status, location, flash } = await submit("/cold-outreach", {
      ...answers,
      website: "http://spam",
    });
    expect(status).toBe(303);
    expect(location).toBe("/cold-outreach?sent=1");
    expect(flash).toMatchObject({
      title: "Success!",
      description: "Check your email for your download link.",
    });
    for (const table of ["people", "submissions", "outbox", "downloads"] as const)
      expect(await count(table)).toBe(0);
  });

  it("refuses a submission without a visitor id, with the error's message", async () => {
    const { status, location, body } = await submit("/resource-library", answers, {
      visitorId: null,
    });
    expect(status).toBe(400);
    expect(location).toBeNull();
    expect(body.toast).toMatchObject(
      errorToast("Error: No authenticated user UID found. Please try again or contact support."),
    );
    expect(await count("people")).toBe(0);
  });

  it("rate-limits one address across the lead pages", async () => {
    const limit = t.config.rateLimitPerMinute;
    const paths = ["/resume-template", "/cold-outreach", "/resource-library"];
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const fields = { ...answers, graduationYear: "1999" };
      statuses.push((await submit(paths[i % 3]!, fields, { ip: "192.0.2.7" })).status);
    }
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    const last = await submit("/resume-template", answers, { ip: "192.0.2.7" });
    expect(last.status).toBe(429);
    expect(await count("people")).toBe(0);
  });

  it("rolls everything back and shows the generic error when the email cannot be queued", async () => {
    await sql`drop table outbox`.execute(t.services.db);
    try {
      const { status, location, body } = await submit("/resume-template");
      expect(status).toBe(500);
      expect(location).toBeNull();
      expect(body.toast).toMatchObject({
        ...errorToast(
          "There was a problem processing your request. Please try again or contact support.",
        ),
        variant: "destructive",
      });
      expect(await count("people")).toBe(0);
      expect(await count("submissions")).toBe(0);
      expect(await count("downloads")).toBe(0);
    } finally {
      await t.restart();
    }
  });
});
