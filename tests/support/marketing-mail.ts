import { afterEach, expect } from "vitest";
import { DAY_MS } from "../../app/features/marketing/marketing";
import { action as leadPageAction } from "../../app/features/leads/routes/lead-page";
import { callAction, formRequest, makeContext, unwrap } from "./context";
import { startTestServices, TestClock, type TestEngine, type TestServices } from "./databases";
import { leadAnswers } from "./lead-pages";

/** Where every marketing test starts: the sequences' days count from here. */
const START = "2026-11-22T12:00:00Z";

/**
 * The marketing mail tests' services and the leads they make. Each test calls `start` (with the
 * environment it needs, which is why the services are not started in a hook) and gets fresh
 * services on an empty database, cleaned up after it.
 */
export function useMarketingMail(engine: TestEngine) {
  const clock = new TestClock();
  let current: TestServices | undefined;
  let ip = 0;
  afterEach(async () => {
    // Cleared even when cleanup throws, so a later test that forgets start() fails loudly
    // instead of running on these closed services (and cleaning them up a second time).
    const done = current;
    current = undefined;
    await done?.cleanup();
  });
  const live = () => {
    if (!current) throw new Error("a marketing test used its services before start()");
    return current;
  };
  const start = async (env: Record<string, string> = {}) => {
    clock.set(new Date(START));
    current = await startTestServices(engine, { clock, env });
  };
  const services = () => live().services;
  const db = () => services().db;
  // Each request from an address of its own, so the per-address rate limits stay out of the way.
  const context = (visitorId = "visitor-1") =>
    makeContext(services(), { visitorId, ip: `10.9.0.${++ip}` });

  /** A lead form as a browser posts it, the box ticked or not. */
  const takeResource = async (
    path: string,
    email: string,
    ticked: boolean,
    visitorId = email,
    consentShown = "opt-in",
  ) => {
    const fields = {
      ...leadAnswers,
      email,
      consentShown,
      ...(ticked ? { marketingConsent: "yes" } : {}),
    };
    const result = await unwrap(
      await callAction(leadPageAction, formRequest(path, fields), context(visitorId)),
    );
    expect(result.status).toBe(303);
    // Past the double-submit window, so the next form counts as a new one.
    clock.advance(61_000);
  };
  const person = (email: string) =>
    db().selectFrom("people").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  /** The mail queued for an address, oldest first, of the kinds that match `kindLike`. */
  const mail = (email: string, kindLike = "%") =>
    db()
      .selectFrom("outbox")
      .selectAll()
      .where("to_address", "=", email)
      .where("kind", "like", kindLike)
      .orderBy("created_at")
      .execute();
  /** The person's run through a nurture sequence. */
  const sequenceRun = (personId: string) =>
    db()
      .selectFrom("sequence_runs")
      .selectAll()
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();
  /** The time `days` after the start, where a sequence's steps fall. */
  const at = (days: number) => new Date(Date.parse(START) + days * DAY_MS);

  return {
    clock,
    get t() {
      return live();
    },
    start,
    services,
    db,
    context,
    takeResource,
    person,
    mail,
    sequenceRun,
    at,
  };
}
