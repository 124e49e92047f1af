import { describe, expect, it } from "vitest";
import { ownerCookie } from "../../../tests/support/admin";
import { setCurrentCohort } from "../../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useMarketingMail } from "../../../tests/support/marketing-mail";
import { createCohort, makeCurrent } from "~/features/cohort/series.server";
import { nurtureSequences } from "./nurture.words";
import { action as broadcastsAction } from "~/features/marketing/routes/broadcasts";
import { queueDueBroadcasts } from "./broadcasts.server";
import { runSequences } from "./sequences.server";

const ADDRESS = "From Scratch to Success LLC, 123 Main St, Springfield, IL 62701, USA";
/** A public site: production on https (on test payments, which it must name). */
const PUBLIC_SITE = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://fromscratchtosuccess.example",
  PAYMENT_PROVIDER: "test",
};

describe.each(testEngines())(
  "finding 11: marketing mail carries a postal address on $name",
  (engine) => {
    const suite = useMarketingMail(engine);
    const { clock, start, services, db, takeResource, at } = suite;

    /** A subscriber with a due nurture step, a due broadcast, and a waitlist told enrollment is open. */
    async function sendEveryKindOfMarketing() {
      await takeResource("/resume-template", "sub@example.com", true);
      const cookie = await ownerCookie(suite.t);
      const posted = await unwrap(
        await callAction(
          broadcastsAction,
          formRequest(
            "/admin/broadcasts",
            {
              requestKey: "11111111-2222-3333-4444-555555555555",
              intent: "send",
              confirm: "yes",
              category: "news",
              subject: "Cohort news",
              body: "Hello",
            },
            { cookie },
          ),
          makeContext(services()),
        ),
      );
      expect(posted.status).toBeLessThan(400);
      await queueDueBroadcasts(services());
      clock.set(at(nurtureSequences.resume.steps[0]!.afterDays + 0.01));
      await runSequences(services());
      await setCurrentCohort(db(), { capacity: 0 });
      await db()
        .updateTable("people")
        .set({ status: "waitlist" })
        .where("email", "=", "sub@example.com")
        .execute();
      const next = await createCohort(services(), "owner@example.com", {
        startDate: "2027-02-01",
        capacity: 10,
      });
      expect(await makeCurrent(services(), "owner@example.com", next)).toBe("made_current");
      return db().selectFrom("outbox").selectAll().orderBy("created_at").execute();
    }

    it("puts MAIL_POSTAL_ADDRESS in every marketing footer, HTML and text, and never in transactional mail", async () => {
      await start({ MAIL_POSTAL_ADDRESS: ADDRESS });
      const mail = await sendEveryKindOfMarketing();
      const marketing = mail.filter((m) => m.category !== "transactional");
      expect(marketing.map((m) => m.kind).sort()).toEqual([
        "broadcast",
        "enrollment_open",
        "nurture:resume:1",
      ]);
      for (const message of marketing) {
        expect(message.text).toContain(ADDRESS);
        expect(message.html).toContain(ADDRESS);
      }
      const transactional = mail.filter((m) => m.category === "transactional");
      expect(transactional.length).toBeGreaterThan(0);
      for (const message of transactional) {
        expect(message.text).not.toContain(ADDRESS);
        expect(message.html).not.toContain(ADDRESS);
      }
    });

    it("sends no marketing from a public site without it, and says so at start; transactional mail goes on", async () => {
      await start(PUBLIC_SITE);
      expect(services().config.warnings.join("\n")).toContain(
        "MAIL_POSTAL_ADDRESS is not set: no marketing email is sent",
      );
      const mail = await sendEveryKindOfMarketing();
      expect(mail.filter((m) => m.category !== "transactional")).toEqual([]);
      expect(mail.map((m) => m.kind)).toContain("lead_resume");
      // The broadcast waits, scheduled, for the address rather than being lost.
      const broadcast = await db().selectFrom("broadcasts").selectAll().executeTakeFirstOrThrow();
      expect(broadcast.status).toBe("scheduled");
    });
  },
);
