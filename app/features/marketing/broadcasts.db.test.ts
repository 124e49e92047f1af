import { describe, expect, it } from "vitest";
import { ownerCookie } from "../../../tests/support/admin";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useMarketingMail } from "../../../tests/support/marketing-mail";
import {
  action as broadcastsAction,
  loader as broadcastsLoader,
} from "~/features/marketing/routes/broadcasts";
import { queueDueBroadcasts } from "./broadcasts.server";

// One-off emails the owner writes to the subscribers, from /admin/broadcasts.
describe.each(testEngines())("broadcasts on $name", (engine) => {
  const suite = useMarketingMail(engine);
  const { clock, start, services, db, takeResource, mail } = suite;

  describe("broadcasts", () => {
    let cookie = "";
    const owner = async () => {
      cookie = await ownerCookie(suite.t);
    };
    const post = async (fields: Record<string, string>) =>
      unwrap(
        await callAction(
          broadcastsAction,
          formRequest("/admin/broadcasts", fields, { cookie }),
          makeContext(services()),
        ),
      );
    const countFor = async (query: string) => {
      const request = new Request(`http://localhost:3000/admin/broadcasts?${query}`, {
        headers: { cookie },
      });
      const result = await unwrap(
        await callAction(broadcastsLoader, request, makeContext(services())),
      );
      return (result.body as { count: number }).count;
    };
    const compose = {
      requestKey: "11111111-2222-3333-4444-555555555555",
      intent: "send",
      confirm: "yes",
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

      // The first Send only previews: the email as recipients see it, to how many; nothing queued.
      const unconfirmed = Object.fromEntries(
        Object.entries(compose).filter(([name]) => name !== "confirm"),
      );
      const preview = await post({ ...unconfirmed, resource: "resume" });
      expect(preview.status).toBe(200);
      const shown = (preview.body as { preview: { subject: string; text: string; count: number } })
        .preview;
      expect(shown).toMatchObject({ subject: "Cohort news", count: 1 });
      expect(shown.text).toContain("Hello there");
      expect(shown.text).toContain("/unsubscribe/");
      expect(await db().selectFrom("broadcasts").selectAll().execute()).toHaveLength(0);

      const first = await post({ ...compose, resource: "resume" });
      const again = await post({ ...compose, resource: "resume" });
      expect([first.status, again.status]).toEqual([302, 302].map(() => first.status));
      expect(await db().selectFrom("broadcasts").selectAll().execute()).toHaveLength(1);

      await Promise.all([queueDueBroadcasts(services()), queueDueBroadcasts(services())]);
      await db()
        .updateTable("broadcasts")
        .set({ status: "queueing", locked_until: null })
        .execute();
      await queueDueBroadcasts(services()); // a retry after a crash
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
        await callAction(broadcastsLoader, request, makeContext(services())),
      );
      const [listed] = (page.body as { broadcasts: Record<string, unknown>[] }).broadcasts;
      expect(listed).toMatchObject({ subject: "Cohort news", queued: 1, sent: 0 });
      expect(listed!.sendAtDisplay).toBe("Sun, Nov 22, 7:04 AM EST");
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
      // The draft comes back with the count (a half-written one too), so the form keeps it.
      const counted = await post({ ...compose, intent: "count", subject: "Draft", body: "" });
      expect(counted.status).toBe(200);
      expect(counted.body).toMatchObject({
        count: 1,
        result: { initialValue: { subject: "Draft" } },
      });
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
      await queueDueBroadcasts(services());
      expect(await mail("a@example.com", "broadcast")).toHaveLength(0);
      clock.set(new Date("2026-11-23T14:00:30Z"));
      await queueDueBroadcasts(services());
      expect(await mail("a@example.com", "broadcast")).toHaveLength(1);
    });
  });
});
