import { afterEach, describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../tests/support/application";
import { ownerCookie } from "../../tests/support/admin";
import { callAction, formRequest, makeContext, unwrap } from "../../tests/support/context";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../tests/support/databases";
import { leadAnswers } from "../../tests/support/lead-pages";
import { startSmtpServer } from "../../tests/support/smtp";
import { consentWording } from "~/content/marketing";
import { nurtureSequences } from "~/content/nurture";
import { DAY_MS } from "~/domain/marketing";
import { action as applyAction } from "~/routes/apply/apply";
import { action as broadcastsAction, loader as broadcastsLoader } from "~/routes/admin/broadcasts";
import { action as leadPageAction } from "~/routes/resources/lead-page";
import { action as unsubscribeAction } from "~/routes/site/unsubscribe";
import { setCurrentCohort, seatFixtures } from "../../tests/support/cohort";
import { emailLog } from "~/console/email-log.server";
import { erasePerson } from "~/console/privacy.server";
import { markUndeliverable } from "~/mail/suppression.server";
import { action as personAction } from "~/routes/admin/person";
import { queueDueBroadcasts } from "./broadcasts.server";
import { runSequences, sequenceStats, setSequencePaused } from "./sequences.server";

describe.each(testEngines())("marketing mail on $name", (engine) => {
  const clock = new TestClock();
  let t: TestServices;
  let ip = 0;
  afterEach(async () => {
    await t?.cleanup();
  });
  const start = async (env: Record<string, string> = {}) => {
    clock.set(new Date("2026-11-22T12:00:00Z"));
    t = await startTestServices(engine, { clock, env });
  };
  const db = () => t.services.db;
  const context = (visitorId = "visitor-1") =>
    makeContext(t.services, { visitorId, ip: `10.9.0.${++ip}` });

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
    clock.advance(61_000);
  };
  const person = (email: string) =>
    db().selectFrom("people").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
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
  const at = (days: number) => new Date(Date.parse("2026-11-22T12:00:00Z") + days * DAY_MS);

  it("stores consent with its time, source and the words shown; unticked stores nothing", async () => {
    await start();
    await takeResource("/resume-template", "yes@example.com", true);
    await takeResource("/resume-template", "no@example.com", false);
    const yes = await person("yes@example.com");
    expect(yes.marketing).toBe("subscribed");
    const consents = await db().selectFrom("consents").selectAll().execute();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      person_id: yes.id,
      source: "lead:resume",
      wording: consentWording["opt-in"],
      mode: "opt-in",
      given_at: "2026-11-22T12:00:00.000Z",
    });
    expect((await person("no@example.com")).marketing).toBe("none");
    // Ticking it never changes the transactional flow: both got their download email.
    expect(await mail("yes@example.com", "lead_%")).toHaveLength(1);
    expect(await mail("no@example.com", "lead_%")).toHaveLength(1);
    // Only a consenting lead has a sequence.
    const runs = await db().selectFrom("sequence_runs").selectAll().execute();
    expect(runs.map((r) => r.person_id)).toEqual([yes.id]);
  });

  it("with MARKETING_CONSENT=notice everyone who submits is in, with the notice's words", async () => {
    await start({ MARKETING_CONSENT: "notice" });
    await takeResource("/cold-outreach", "told@example.com", false, undefined, "notice");
    expect((await person("told@example.com")).marketing).toBe("subscribed");
    const consent = await db().selectFrom("consents").selectAll().executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ mode: "notice", wording: consentWording.notice });
    // A page that still showed the box (rendered before the switch): only a tick counts.
    await takeResource("/cold-outreach", "box@example.com", false, undefined, "opt-in");
    expect((await person("box@example.com")).marketing).toBe("none");
  });

  it("refuses a consent value other than the box's, changing nothing", async () => {
    await start();
    const fields = { ...leadAnswers, email: "odd@example.com", marketingConsent: "please" };
    const result = await unwrap(
      await callAction(leadPageAction, formRequest("/resume-template", fields), context()),
    );
    expect(result.status).toBe(400);
    expect(await db().selectFrom("people").selectAll().execute()).toHaveLength(0);
  });

  it("sends a sequence's three emails on its days, then stops", async () => {
    await start();
    await takeResource("/resume-template", "seq@example.com", true);
    const steps = nurtureSequences.resume.steps;
    const days = steps.map((s) => s.afterDays);
    clock.set(at(days[0]! - 0.01));
    await runSequences(t.services);
    expect(await mail("seq@example.com", "nurture:%")).toHaveLength(0);
    for (const [index, day] of days.entries()) {
      clock.set(at(day + 0.01));
      await runSequences(t.services);
      await runSequences(t.services); // a second run (or instance) queues nothing more
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
    await setSequencePaused(t.services, "resume", true, "boss@example.com");
    clock.set(at(2.01));
    expect(await runSequences(t.services)).toEqual({ queued: 0, postponed: 0, stopped: 0 });
    const stats = async () => (await sequenceStats(t.services)).find((q) => q.key === "resume")!;
    expect((await stats()).paused).toBe(true);
    expect((await stats()).steps[0]).toMatchObject({ sent: 0, waiting: 1 });
    await setSequencePaused(t.services, "resume", false, "boss@example.com");
    expect((await runSequences(t.services)).queued).toBe(1);
    await t.services.mailWorker.runOnce();
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
        makeContext(t.services, { visitorId: "visitor-1", ip: "10.8.0.1" }),
      ),
    );
    expect(result.status).toBe(303);
    const run = await db().selectFrom("sequence_runs").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: "stopped", end_reason: "applied" });
    clock.set(at(30));
    await runSequences(t.services);
    expect(await mail("ada@example.com", "nurture:%")).toHaveLength(0);
  });

  it("stops for good when the person enrols, and when they are erased", async () => {
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
    const { pay } = seatFixtures(() => t.services, clock);
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
    await runSequences(t.services);
    expect(
      await db().selectFrom("outbox").selectAll().where("kind", "like", "nurture:%").execute(),
    ).toEqual([]);
  });

  it('"Only send me cohort news" narrows a subscriber, and after a stop is a consent of its own', async () => {
    await start();
    await takeResource("/resume-template", "news@example.com", true);
    const { unsubscribe_token: token, id } = await person("news@example.com");
    const choose = (intent: string) =>
      callAction(
        unsubscribeAction,
        formRequest(`/unsubscribe/${token}`, { intent }),
        makeContext(t.services),
        { token },
      ).then(unwrap);
    const consents = () =>
      db().selectFrom("consents").select("source").where("person_id", "=", id).execute();
    expect((await choose("news_only")).status).toBe(303);
    expect((await person("news@example.com")).marketing).toBe("cohort_news");
    expect(await consents()).toHaveLength(1);
    expect((await choose("unsubscribe")).status).toBe(303);
    expect((await person("news@example.com")).marketing).toBe("unsubscribed");
    expect((await choose("news_only")).status).toBe(303);
    expect((await person("news@example.com")).marketing).toBe("cohort_news");
    expect((await consents()).map((c) => c.source).sort()).toEqual([
      "lead:resume",
      "unsubscribe page",
    ]);
  });

  it("gives a person in two sequences at most one marketing email a day", async () => {
    await start();
    await takeResource("/resume-template", "two@example.com", true);
    await takeResource("/cold-outreach", "two@example.com", true);
    clock.set(at(2.01));
    await runSequences(t.services);
    expect(await mail("two@example.com", "nurture:%")).toHaveLength(1);
    clock.set(at(2.5));
    await runSequences(t.services);
    expect(await mail("two@example.com", "nurture:%")).toHaveLength(1);
    clock.set(at(3.02));
    await runSequences(t.services);
    const sent = await mail("two@example.com", "nurture:%");
    expect(sent.map((m) => m.kind).sort()).toEqual(["nurture:outreach:1", "nurture:resume:1"]);
    const gap = Date.parse(sent[1]!.created_at) - Date.parse(sent[0]!.created_at);
    expect(gap).toBeGreaterThanOrEqual(DAY_MS);
  });

  it("one-click unsubscribe: a bare POST unsubscribes at once, answers 200, drops queued mail", async () => {
    await start();
    await takeResource("/resume-template", "stop@example.com", true);
    clock.set(at(2.01));
    await runSequences(t.services);
    expect(await mail("stop@example.com", "nurture:%")).toHaveLength(1);
    const { unsubscribe_token: token } = await person("stop@example.com");

    // As mail providers send it: no cookie, no Origin, the RFC 8058 body.
    const request = formRequest(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" });
    const answer = await unwrap(
      await callAction(unsubscribeAction, request, makeContext(t.services, { visitorId: null }), {
        token,
      }),
    );
    expect(answer.status).toBe(200);
    expect((await person("stop@example.com")).marketing).toBe("unsubscribed");
    const run = await db().selectFrom("sequence_runs").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: "stopped", end_reason: "unsubscribed" });

    // The step queued before the unsubscribe is dropped when the worker comes to it.
    const result = await t.services.mailWorker.runOnce();
    expect(result.suppressed).toBe(1);
    const [dropped] = await mail("stop@example.com", "nurture:%");
    expect(dropped).toMatchObject({ status: "suppressed", sent_at: null });
    // The download email (transactional) went out as usual.
    expect((await mail("stop@example.com", "lead_%"))[0]!.status).toBe("sent");
  });

  it("an unknown unsubscribe token answers 404 and changes nothing", async () => {
    await start();
    await takeResource("/resume-template", "keep@example.com", true);
    for (const token of ["A".repeat(32), "not-a-token", ""]) {
      const request = formRequest(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" });
      const answer = await unwrap(
        await callAction(unsubscribeAction, request, makeContext(t.services), { token }),
      );
      expect(answer.status).toBe(404);
    }
    expect((await person("keep@example.com")).marketing).toBe("subscribed");
  });

  it("over real SMTP: marketing carries the one-click headers, transactional does not; a 5xx flags the address", async () => {
    const smtp = await startSmtpServer();
    try {
      await start({ SMTP_URL: smtp.url, MAIL_FROM_MARKETING: "Tips <tips@example.com>" });
      await takeResource("/resume-template", "hdr@example.com", true);
      clock.set(at(2.01));
      await runSequences(t.services);
      await t.services.mailWorker.runOnce();
      expect(smtp.received).toHaveLength(2);
      // Long headers arrive folded onto the next line.
      const [transactional, marketing] = smtp.received.map((m) =>
        m.raw.replace(/\r?\n[ \t]+/g, " "),
      );
      const token = (await person("hdr@example.com")).unsubscribe_token;
      expect(transactional).not.toMatch(/^List-Unsubscribe/im);
      expect(marketing).toMatch(
        new RegExp(`^List-Unsubscribe: <http://localhost:3000/unsubscribe/${token}>`, "m"),
      );
      expect(marketing).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(marketing).toMatch(/^From: Tips <tips@example.com>/m);
      expect(transactional).not.toMatch(/^From: Tips/m);

      // A 5xx to the message (content refused) is a failure, but says nothing about the address.
      await takeResource("/cold-outreach", "content@example.com", true);
      smtp.failNext(554);
      expect((await t.services.mailWorker.runOnce()).failed).toBe(1);
      expect((await person("content@example.com")).undeliverable_at).toBeNull();

      // A mailbox refused at RCPT TO is undeliverable: no more marketing to it.
      smtp.refuseRecipient("bounce@example.com");
      await takeResource("/cold-outreach", "bounce@example.com", true);
      const result = await t.services.mailWorker.runOnce();
      expect(result.failed).toBe(1);
      const bounced = await person("bounce@example.com");
      expect(bounced.undeliverable_at).not.toBeNull();
      expect(bounced.undeliverable_reason).toContain("No such user");
      // Its sequence waits (nothing queued) until the owner clears the flag.
      clock.set(at(4.5));
      await runSequences(t.services);
      expect(await mail("bounce@example.com", "nurture:%")).toHaveLength(0);
      const run = await sequenceRun(bounced.id);
      expect(run.status).toBe("active");
      expect(run.next_at! > clock.now().toISOString()).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("the owner sees a bounce on the person's page and in the email log, and can clear it", async () => {
    await start();
    await takeResource("/resume-template", "gone@example.com", true);
    await markUndeliverable(db(), "gone@example.com", "550 Mailbox unavailable", clock.now());
    const gone = await person("gone@example.com");
    const log = await emailLog(db(), {});
    expect(log.rows.find((r) => r.to_address === "gone@example.com")?.undeliverable).toBe(true);
    const cookie = await ownerCookie(t);
    const clear = () =>
      callAction(
        personAction,
        formRequest(`/admin/people/${gone.id}`, { intent: "clear_undeliverable" }, { cookie }),
        makeContext(t.services),
        { id: gone.id },
      ).then(unwrap);
    expect((await clear()).status).toBe(303);
    expect((await person("gone@example.com")).undeliverable_at).toBeNull();
    // Nothing left to clear: a clear message, nothing changes.
    expect((await clear()).status).toBe(400);
  });

  it("keeps to MAIL_RATE_PER_MINUTE, handing the rest back for the next minute", async () => {
    await start({ MAIL_RATE_PER_MINUTE: "2" });
    for (const n of [1, 2, 3, 4])
      await takeResource("/resume-template", `r${n}@example.com`, false);
    const first = await t.services.mailWorker.runOnce();
    expect(first.sent).toBe(2);
    expect((await t.services.mailWorker.runOnce()).sent).toBe(0);
    const left = await db()
      .selectFrom("outbox")
      .select(["status", "locked_until"])
      .where("status", "=", "pending")
      .execute();
    expect(left).toEqual([
      { status: "pending", locked_until: null },
      { status: "pending", locked_until: null },
    ]);
  });

  describe("broadcasts", () => {
    let cookie = "";
    const owner = async () => {
      cookie = await ownerCookie(t);
    };
    const post = async (fields: Record<string, string>) =>
      unwrap(
        await callAction(
          broadcastsAction,
          formRequest("/admin/broadcasts", fields, { cookie }),
          makeContext(t.services),
        ),
      );
    const countFor = async (query: string) => {
      const request = new Request(`http://localhost:3000/admin/broadcasts?${query}`, {
        headers: { cookie },
      });
      const result = await unwrap(
        await callAction(broadcastsLoader, request, makeContext(t.services)),
      );
      return (result.body as { count: number }).count;
    };
    const compose = {
      requestKey: "11111111-2222-3333-4444-555555555555",
      intent: "send",
      category: "news",
      subject: "Cohort news",
      body: "Hello **there** <script>alert(1)</script>\n\n[Apply](https://example.com/apply)",
    };

    it("counts exactly the people it queues, once each, however often it is sent or run", async () => {
      await start();
      await owner();
      await takeResource("/resume-template", "a@example.com", true);
      await takeResource("/cold-outreach", "b@example.com", true);
      await takeResource("/resume-template", "c@example.com", false);
      await takeResource("/resume-template", "d@example.com", true);
      await db()
        .updateTable("people")
        .set({ marketing: "unsubscribed" })
        .where("email", "=", "d@example.com")
        .execute();
      expect(await countFor("category=news")).toBe(2);
      expect(await countFor("category=news&resource=resume")).toBe(1);

      const first = await post({ ...compose, resource: "resume" });
      const again = await post({ ...compose, resource: "resume" });
      expect([first.status, again.status]).toEqual([302, 302].map(() => first.status));
      expect(await db().selectFrom("broadcasts").selectAll().execute()).toHaveLength(1);

      await Promise.all([queueDueBroadcasts(t.services), queueDueBroadcasts(t.services)]);
      await db()
        .updateTable("broadcasts")
        .set({ status: "queueing", locked_until: null })
        .execute();
      await queueDueBroadcasts(t.services); // a retry after a crash
      const rows = await db()
        .selectFrom("outbox")
        .selectAll()
        .where("kind", "=", "broadcast")
        .execute();
      expect(rows.map((r) => r.to_address)).toEqual(["a@example.com"]);
      expect(rows[0]!.html).toContain("<strong>there</strong>");
      expect(rows[0]!.html).not.toContain("<script>");
      expect(rows[0]!.html).toContain("&lt;script&gt;");
      expect(rows[0]!.text).toContain("Apply [https://example.com/apply]");
      expect(rows[0]!.text).toContain("/unsubscribe/");
      const broadcast = await db().selectFrom("broadcasts").selectAll().executeTakeFirstOrThrow();
      expect(broadcast).toMatchObject({ status: "queued", queued_count: 1 });
      // The page lists it with its progress.
      const request = new Request("http://localhost:3000/admin/broadcasts", {
        headers: { cookie },
      });
      const page = await unwrap(
        await callAction(broadcastsLoader, request, makeContext(t.services)),
      );
      const [listed] = (page.body as { broadcasts: Record<string, unknown>[] }).broadcasts;
      expect(listed).toMatchObject({ subject: "Cohort news", queued: 1, sent: 0 });
      expect(listed!.sendAtDisplay).toBe("Nov 22, 2026, 7:04 AM EST");
    });

    it("sends the owner one test as recipients will see it, and counts without saving", async () => {
      await start();
      await owner();
      await takeResource("/resume-template", "a@example.com", true);
      const test = { ...compose, intent: "test" };
      expect((await post(test)).status).toBe(200);
      expect((await post(test)).status).toBe(200); // a refresh re-posts it
      const tests = await mail("boss@example.com", "broadcast_test");
      expect(tests).toHaveLength(1);
      expect(tests[0]!.subject).toBe("[Test] Cohort news");
      expect(tests[0]!.text).toContain("/unsubscribe/preview");
      const counted = await post({ ...compose, intent: "count", subject: "", body: "" });
      expect(counted.status).toBe(200);
      expect(counted.body).toMatchObject({ count: 1, values: { subject: "" } });
      expect(await db().selectFrom("broadcasts").selectAll().execute()).toHaveLength(0);
    });

    it("refuses a broadcast without a subject or with a past time, queuing nothing", async () => {
      await start();
      await owner();
      const noSubject = await post({ ...compose, subject: " " });
      expect(noSubject.status).toBe(400);
      const past = await post({ ...compose, sendAt: "2026-11-01T10:00" });
      expect(past.status).toBe(400);
      expect(await db().selectFrom("broadcasts").selectAll().execute()).toHaveLength(0);
    });

    it("a scheduled broadcast waits for its time (read in the site's time zone)", async () => {
      await start();
      await owner();
      await takeResource("/resume-template", "a@example.com", true);
      // 09:00 in New York on 2026-11-23 is 14:00Z.
      await post({ ...compose, sendAt: "2026-11-23T09:00" });
      clock.set(new Date("2026-11-23T13:59:00Z"));
      await queueDueBroadcasts(t.services);
      expect(await mail("a@example.com", "broadcast")).toHaveLength(0);
      clock.set(new Date("2026-11-23T14:00:30Z"));
      await queueDueBroadcasts(t.services);
      expect(await mail("a@example.com", "broadcast")).toHaveLength(1);
    });
  });
});
