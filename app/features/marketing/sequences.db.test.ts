import { describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../../tests/support/application";
import { setCurrentCohort, seatFixtures } from "../../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useMarketingMail } from "../../../tests/support/marketing-mail";
import { nurtureSequences } from "./nurture.words";
import { DAY_MS } from "./marketing";
import { erasePerson } from "~/features/people/privacy.server";
import { action as applyAction } from "~/features/applications/routes/apply";
import { sequenceStats, setSequencePaused } from "./sequence-console.server";
import { runSequences } from "./sequences.server";

// The nurture sequences a consenting lead is put in: when their emails go, and what ends them.
describe.each(testEngines())("nurture sequences on $name", (engine) => {
  const { clock, start, services, db, takeResource, person, mail, sequenceRun, at } =
    useMarketingMail(engine);

  it("sends a sequence's three emails on its days, then stops", async () => {
    await start();
    await takeResource("/resume-template", "seq@example.com", true);
    const steps = nurtureSequences.resume.steps;
    const days = steps.map((s) => s.afterDays);
    clock.set(at(days[0]! - 0.01));
    await runSequences(services());
    expect(await mail("seq@example.com", "nurture:%")).toHaveLength(0);
    for (const [index, day] of days.entries()) {
      clock.set(at(day + 0.01));
      await runSequences(services());
      await runSequences(services()); // a second run (or instance) queues nothing more
      const sent = await mail("seq@example.com", "nurture:%");
      expect(sent.map((m) => m.kind)).toEqual(
        days.slice(0, index + 1).map((_, i) => `nurture:resume:${i + 1}`),
      );
      expect(sent.at(-1)).toMatchObject({ category: "tips" });
      expect(sent.at(-1)!.subject).toBe(steps[index]!.email("Ada", "").subject);
      if (index > 0) expect(sent.at(-1)!.text).toContain("/apply?utm_source=email");
      expect(sent.at(-1)!.text).toContain(`/unsubscribe/`);
    }
    const run = await db().selectFrom("sequence_runs").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: "done", step: 3, next_at: null });
  });

  it("a paused sequence queues nothing; resumed, its people get the email that was due", async () => {
    await start();
    await takeResource("/resume-template", "wait@example.com", true);
    await setSequencePaused(services(), "resume", true, "boss@example.com");
    clock.set(at(2.01));
    expect(await runSequences(services())).toEqual({ queued: 0, postponed: 0, stopped: 0 });
    const stats = async () => (await sequenceStats(services())).find((q) => q.key === "resume")!;
    expect((await stats()).paused).toBe(true);
    expect((await stats()).steps[0]).toMatchObject({ sent: 0, waiting: 1 });
    await setSequencePaused(services(), "resume", false, "boss@example.com");
    expect((await runSequences(services())).queued).toBe(1);
    await services().mailWorker.runOnce();
    expect((await stats()).steps.map((step) => [step.sent, step.waiting])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
  });

  it("stops for good when the person applies", async () => {
    await start();
    await takeResource("/resume-template", "ada@example.com", true, "visitor-1");
    const result = await unwrap(
      await callAction(
        applyAction,
        formRequest("/apply", qualifiedAnswers),
        makeContext(services(), { visitorId: "visitor-1", ip: "10.8.0.1" }),
      ),
    );
    expect(result.status).toBe(303);
    const run = await db().selectFrom("sequence_runs").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: "stopped", end_reason: "applied" });
    clock.set(at(30));
    await runSequences(services());
    expect(await mail("ada@example.com", "nurture:%")).toHaveLength(0);
  });

  it("stops for good when the person enrolls, and when they are erased", async () => {
    await start();
    await setCurrentCohort(db(), { capacity: 10 });
    await takeResource("/resume-template", "payer@example.com", true);
    await takeResource("/resume-template", "erased@example.com", true);
    // A lead who pays (the checkout collected this address): the sequence ends.
    const payer = await person("payer@example.com");
    await db()
      .updateTable("people")
      .set({ status: "qualified" })
      .where("id", "=", payer.id)
      .execute();
    await db().updateTable("people").set({ status: "lead" }).where("id", "=", payer.id).execute();
    const { pay } = seatFixtures(services, clock);
    expect((await pay(payer.id, "payer@example.com")).kind).toBe("enrolled");
    const ended = async (id: string) => {
      const { status, end_reason } = await sequenceRun(id);
      return { status, end_reason };
    };
    expect(await ended(payer.id)).toEqual({ status: "stopped", end_reason: "enrolled" });

    const gone = await person("erased@example.com");
    expect(await erasePerson(db(), gone.id, "boss@example.com", clock.now())).toBe(true);
    expect(await ended(gone.id)).toEqual({ status: "stopped", end_reason: "erased" });
    const after = await db()
      .selectFrom("people")
      .select(["marketing", "unsubscribe_token"])
      .where("id", "=", gone.id)
      .executeTakeFirstOrThrow();
    expect(after.marketing).toBe("unsubscribed");
    expect(after.unsubscribe_token).not.toBe(gone.unsubscribe_token);
    expect(
      await db().selectFrom("consents").where("person_id", "=", gone.id).selectAll().execute(),
    ).toEqual([]);
    clock.set(at(30));
    await runSequences(services());
    expect(
      await db().selectFrom("outbox").selectAll().where("kind", "like", "nurture:%").execute(),
    ).toEqual([]);
  });

  it("gives a person in two sequences at most one marketing email a day", async () => {
    await start();
    await takeResource("/resume-template", "two@example.com", true);
    await takeResource("/cold-outreach", "two@example.com", true);
    clock.set(at(2.01));
    await runSequences(services());
    expect(await mail("two@example.com", "nurture:%")).toHaveLength(1);
    clock.set(at(2.5));
    await runSequences(services());
    expect(await mail("two@example.com", "nurture:%")).toHaveLength(1);
    clock.set(at(3.02));
    await runSequences(services());
    const sent = await mail("two@example.com", "nurture:%");
    expect(sent.map((m) => m.kind).sort()).toEqual(["nurture:outreach:1", "nurture:resume:1"]);
    const gap = Date.parse(sent[1]!.created_at) - Date.parse(sent[0]!.created_at);
    expect(gap).toBeGreaterThanOrEqual(DAY_MS);
  });
});
