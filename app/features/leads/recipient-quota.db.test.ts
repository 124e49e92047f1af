import { afterEach, describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../../tests/support/application";
import { setCurrentCohort } from "../../../tests/support/cohort";
import { callAction, formOutcome, formRequest, makeContext } from "../../../tests/support/context";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../../tests/support/databases";
import { leadAnswers } from "../../../tests/support/lead-pages";
import { applyResults } from "~/features/applications/apply.words";
import { leadToasts } from "./lead-magnets.words";
import { action as applyAction, loader as applyLoader } from "~/features/applications/routes/apply";
import { action as leadAction } from "~/features/leads/routes/lead-page";

const VICTIM = "victim@example.com";

describe.each(testEngines())(
  "finding 4: only an email really queued is charged to an address's quota, on $name",
  (engine) => {
    const clock = new TestClock();
    let t: TestServices;
    let ip = 0;
    afterEach(async () => {
      await t.cleanup();
    });
    const start = async (perHour: number) => {
      clock.set(new Date("2026-11-23T12:20:00Z"));
      t = await startTestServices(engine, {
        clock,
        env: { EMAILS_PER_RECIPIENT_PER_HOUR: String(perHour) },
      });
      await setCurrentCohort(t.services.db, { capacity: 10 });
    };
    // Every post from a network and browser of its own: only the recipient's quota is shared.
    const context = (visitorId: string) =>
      makeContext(t.services, { visitorId, ip: `10.8.${Math.floor(++ip / 200)}.${ip % 200}` });
    const lead = async (fields: Record<string, string>, visitorId: string) =>
      formOutcome(
        await callAction(leadAction, formRequest("/resume-template", fields), context(visitorId)),
        t.services,
      );
    const apply = async (visitorId: string) =>
      formOutcome(
        await callAction(
          applyAction,
          formRequest("/apply", { ...qualifiedAnswers, email: VICTIM }),
          context(visitorId),
        ),
        t.services,
      );
    /** The status of the person the attacker names. */
    const victimStatus = async () =>
      (
        await t.services.db
          .selectFrom("people")
          .select("status")
          .where("email", "=", VICTIM)
          .executeTakeFirstOrThrow()
      ).status;
    const outbox = () =>
      t.services.db
        .selectFrom("outbox")
        .select(["kind", "send_after"])
        .where("to_address", "=", VICTIM)
        .orderBy("send_after")
        .execute();

    it("twelve invalid posts naming an address leave its person's own application untouched", async () => {
      await start(10);
      for (let i = 0; i < 12; i++) {
        const invalid = await lead({ email: VICTIM, firstName: "" }, `attacker-${i}`);
        expect(invalid.status).toBe(400);
      }
      const own = await apply("victim-browser");
      expect(own.status).toBe(303);
      expect(await victimStatus()).toBe("qualified");
      expect(await outbox()).toEqual([
        { kind: "application_qualified", send_after: clock.now().toISOString() },
      ]);
    });

    it("a full quota stores the request and puts its email off to the next hour, saying so", async () => {
      await start(2);
      const valid = { ...leadAnswers, email: VICTIM };
      for (let i = 0; i < 2; i++) {
        expect((await lead(valid, `v${i}`)).status).toBe(303);
        clock.advance(61_000);
      }
      const third = await lead(valid, "v2");
      expect(third.status).toBe(303);
      expect(third.flash).toMatchObject(leadToasts.mailLater);
      const submissions = await t.services.db
        .selectFrom("submissions")
        .select("id")
        .where("email", "=", VICTIM)
        .execute();
      expect(submissions).toHaveLength(3);

      // The application over the quota: stored, status changed, its email after the next hour.
      const applied = await apply("v-apply");
      expect(applied.status).toBe(303);
      expect(applied.location).toMatch(/[?&]mail=later$/);
      const page = await applyLoader({
        request: new Request(`http://localhost:3000${applied.location}`),
        context: makeContext(t.services),
      } as Parameters<typeof applyLoader>[0]);
      expect(page.mail).toBe("later");
      expect(applyResults.mailLater).toContain("will follow later");
      expect(await victimStatus()).toBe("qualified");

      const queued = await outbox();
      expect(queued.map((m) => [m.kind, m.send_after])).toEqual([
        ["lead_resume", "2026-11-23T12:20:00.000Z"],
        ["lead_resume", "2026-11-23T12:21:01.000Z"],
        ["lead_resume", "2026-11-23T13:00:00.000Z"],
        ["application_qualified", "2026-11-23T13:00:00.000Z"],
      ]);
    });

    it("many posts at once all finish: the quota is charged outside their transactions", async () => {
      // Thirty at once, three times PostgreSQL's pool: a transaction that waited for a second
      // connection to count the quota left every instance hanging in the cluster drill.
      await start(10);
      const posts = Array.from({ length: 30 }, (_, i) =>
        lead({ ...leadAnswers, email: `crowd-${i}@example.com` }, `crowd-${i}`),
      );
      const timeout = new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 15_000));
      const outcome = await Promise.race([Promise.all(posts), timeout]);
      expect(outcome).not.toBe("hung");
      expect((outcome as { status: number }[]).every((post) => post.status === 303)).toBe(true);
    });

    it("a repeated post stores nothing and gives its charge back", async () => {
      await start(1);
      const valid = { ...leadAnswers, email: VICTIM };
      expect((await lead(valid, "r1")).status).toBe(303);
      // The same post again at once: a double submit, not stored, no email, nothing charged.
      expect((await lead(valid, "r1")).status).toBe(303);
      clock.advance(61_000);
      expect((await lead(valid, "r1")).status).toBe(303);
      const queued = await outbox();
      expect(queued.map((m) => m.send_after)).toEqual([
        "2026-11-23T12:20:00.000Z",
        // The next hour, not the one after: the double submit's charge was given back.
        "2026-11-23T13:00:00.000Z",
      ]);
    });
  },
);
