import { describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../../tests/support/application";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines, TestClock } from "../../../tests/support/databases";
import { leadAnswers } from "../../../tests/support/lead-pages";
import { useTestServices } from "../../../tests/support/suite";
import type { Attribution } from "./utm";
import { action as applyAction } from "~/features/applications/routes/apply";
import { action as leadAction } from "~/features/leads/routes/lead-page";
import { attributionReport } from "./attribution.server";

const EMAIL = "ada@example.com";

describe.each(testEngines())("last touch before conversion, on $name", (engine) => {
  const clock = new TestClock(new Date("2026-11-20T12:00:00Z"));
  const t = useTestServices(engine, { clock });
  const services = () => t.services;
  const { pay } = seatFixtures(services, clock);
  const post = async (
    action: Parameters<typeof callAction>[0],
    path: string,
    fields: Record<string, string | string[]>,
    attribution: Attribution,
    ip: string,
  ) => {
    const context = makeContext(services(), { visitorId: `v-${ip}`, attribution, ip });
    const answer = await unwrap(await callAction(action, formRequest(path, fields), context));
    expect(answer.status).toBe(303);
    clock.advance(3_600_000);
  };

  it("credits each step to the last tagged visit before it, never to a visit after the payment", async () => {
    await setCurrentCohort(services().db, { capacity: 10 });
    const video = { utm_source: "youtube", utm_term: "yt_first", videoId: "first" };
    const linkedIn = { utm_source: "linkedin", utm_term: "rep7" };
    const laterVideo = { utm_source: "youtube", utm_term: "yt_after", videoId: "after" };
    // Came by a video, applied from a rep's LinkedIn link, paid.
    await post(
      applyAction,
      "/apply",
      { ...qualifiedAnswers, email: EMAIL },
      { first: video, last: linkedIn },
      "10.0.0.1",
    );
    const person = await services()
      .db.selectFrom("people")
      .select("id")
      .where("email", "=", EMAIL)
      .executeTakeFirstOrThrow();
    await pay(person.id, EMAIL);
    clock.advance(3_600_000);
    // After paying, opened another video and took a free resource from it.
    await post(
      leadAction,
      "/resume-template",
      { ...leadAnswers, email: EMAIL },
      { first: video, last: laterVideo },
      "10.0.0.2",
    );

    const period = { from: "2026-11-01", to: "2026-11-30" };
    const last = await attributionReport(services().db, period, "last", "utm_term");
    const row = (key: string) => last.find((r) => r.key === key);
    expect(row("rep7")).toMatchObject({
      applications: 1,
      qualified: 1,
      enrollments: 1,
      revenueCents: 64900,
    });
    expect(row("yt_after")).toMatchObject({
      leads: 1,
      applications: 0,
      enrollments: 0,
      revenueCents: 0,
    });
    const first = await attributionReport(services().db, period, "first", "utm_term");
    expect(first.find((r) => r.key === "yt_first")).toMatchObject({
      leads: 1,
      applications: 1,
      enrollments: 1,
      revenueCents: 64900,
    });
  });
});
