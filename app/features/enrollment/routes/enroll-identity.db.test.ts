import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../../../tests/support/application";
import { seatFixtures, setCurrentCohort } from "../../../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../../../tests/support/context";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../../../tests/support/databases";
import { enrollPage } from "~/features/enrollment/enroll.words";
import { applicantCookie } from "~/features/enrollment/applicant-cookie.server";
import { cookieName } from "~/lib/cookies.server";
import { runOfferRound } from "~/features/cohort/offers.server";
import { action as applyAction } from "~/features/applications/routes/apply";
import { action as leadAction } from "~/features/leads/routes/lead-page";
import { action as enrollAction, loader as enrollLoader } from "./enroll";

const application = qualifiedAnswers;

describe.each(testEngines())(
  "who may hold a seat, and what an email address proves, on $name",
  (engine) => {
    const clock = new TestClock();
    let t: TestServices;
    let ip = 0;

    beforeEach(async () => {
      clock.set(new Date("2026-11-23T12:00:00Z"));
      t = await startTestServices(engine, { clock });
      await setCurrentCohort(t.services.db, { capacity: 10 });
    });
    afterEach(async () => {
      await t.cleanup();
    });

    const db = () => t.services.db;
    const { person, pay, queued } = seatFixtures(() => t.services, clock);
    const context = (visitorId = "visitor-1", address = `10.2.0.${++ip}`) =>
      makeContext(t.services, { visitorId, ip: address });
    const cookieFor = async (personId: string) =>
      (await applicantCookie(context(), personId)).split(";")[0]!;
    const holds = async () =>
      Number(
        (
          await db()
            .selectFrom("seat_holds")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("status", "=", "held")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const enroll = async (cookie?: string, ctx = context()) =>
      unwrap(
        await callAction(enrollAction, formRequest("/enroll", {}, cookie ? { cookie } : {}), ctx),
      );
    const toastOf = (result: { body: unknown }) =>
      (result.body as { toast: { title: string } }).toast.title;

    it("refuses a checkout without a qualified applicant's signed identity: 403, nothing held", async () => {
      const anonymous = await enroll();
      expect(anonymous.status).toBe(403);
      expect(toastOf(anonymous)).toBe(enrollPage.applyFirstTitle);
      const forged = await enroll(`${cookieName("applicant")}=someone-else`);
      expect(forged.status).toBe(403);
      const lead = await person("lead@example.com");
      await db().updateTable("people").set({ status: "lead" }).where("id", "=", lead).execute();
      expect((await enroll(await cookieFor(lead))).status).toBe(403);
      expect(await holds()).toBe(0);

      const qualified = await person("q@example.com");
      const ok = await enroll(await cookieFor(qualified));
      expect(ok.status).toBe(303);
      expect(await holds()).toBe(1);
    });

    it("tells an enrolled student so, and only with their own identity", async () => {
      const a = await person("a@example.com");
      await pay(a, "a@example.com");
      const result = await enroll(await cookieFor(a));
      expect(result.status).toBe(409);
      expect(toastOf(result)).toBe(enrollPage.alreadyEnrolledTitle);
    });

    it("caps the seats held from one address; a refused start gives its count back", async () => {
      const cap = t.services.config.seats.holdsPerAddress;
      const from = "10.3.3.3";
      for (let i = 0; i < cap; i++) {
        const id = await person(`buyer${i}@example.com`);
        expect((await enroll(await cookieFor(id), context(`v${i}`, from))).status).toBe(303);
      }
      const next = await person("one-more@example.com");
      const refused = await enroll(await cookieFor(next), context("v-next", from));
      expect(refused.status).toBe(429);
      expect(toastOf(refused)).toBe(enrollPage.tooManyHoldsTitle);
      expect(await holds()).toBe(cap);
      expect((await enroll(await cookieFor(next), context("v-next", "10.4.4.4"))).status).toBe(303);
    });

    describe("finding 10: an offer is never refused by the per-address cap", () => {
      it("lets an offer's holder and a qualified applicant's own retry check out from a capped address", async () => {
        const cap = t.services.config.seats.holdsPerAddress;
        const campus = "10.7.7.7";
        const buyers: string[] = [];
        for (let i = 0; i < cap; i++) {
          const id = await person(`student${i}@example.com`);
          buyers.push(id);
          expect((await enroll(await cookieFor(id), context(`s${i}`, campus))).status).toBe(303);
        }
        const stranger = await person("new@example.com");
        const capped = await enroll(await cookieFor(stranger), context("s-new", campus));
        expect(capped.status).toBe(429);

        // A seat freed and offered to the first in the queue: the link from their email, opened
        // on the same campus network, then Enroll Now.
        const waiting = await queued("waiting@example.com");
        expect((await runOfferRound(t.services)).offered).toBeGreaterThan(0);
        const text = (
          await db()
            .selectFrom("outbox")
            .select("text")
            .where("kind", "=", "seat_offer")
            .where("person_id", "=", waiting)
            .executeTakeFirstOrThrow()
        ).text;
        const token = /\/enroll\?offer=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
        const opened = (await callAction(
          enrollLoader,
          new Request(`http://localhost:3000/enroll?offer=${token}`),
          context("s-waiting", campus),
        ).catch((response: unknown) => response)) as Response;
        expect(opened.headers.get("location")).toBe("/enroll");
        const offerCookie = opened.headers.get("set-cookie")!.split(";")[0]!;
        const claimed = await enroll(offerCookie, context("s-waiting", campus));
        expect(claimed.status).toBe(303);
        // And again (back from the payment page): still their seat, still not refused.
        expect((await enroll(offerCookie, context("s-waiting", campus))).status).toBe(303);

        // A qualified applicant starting their own checkout again holds no second seat.
        const retry = await enroll(await cookieFor(buyers[0]!), context("s0", campus));
        expect(retry.status).toBe(303);
        const held = await db()
          .selectFrom("seat_holds")
          .select("person_id")
          .where("status", "=", "held")
          .where("person_id", "in", [buyers[0]!, waiting])
          .execute();
        expect(held).toHaveLength(2);

        // Anonymous hoarding is still capped: a new hold from the address is refused.
        expect((await enroll(await cookieFor(stranger), context("s-new", campus))).status).toBe(
          429,
        );
      });
    });

    const apply = async (
      visitorId: string,
      fields: Record<string, string | string[]> = application,
    ) => {
      const result = await unwrap(
        await callAction(applyAction, formRequest("/apply", fields), context(visitorId)),
      );
      return {
        ...result,
        location: result.headers.get("location"),
        cookie: result.headers.get("set-cookie") ?? "",
      };
    };

    it("a form with someone else's address gets no identity, keeps their profile and emails them the link", async () => {
      const first = await apply("owner-browser");
      expect(first.location).toBe("/enroll");
      expect(first.cookie).toContain(`${cookieName("applicant")}=`);

      const stranger = await apply("stranger-browser", {
        ...application,
        firstName: "Mallory",
        university: "Nowhere",
      });
      expect(stranger.location).toBe("/apply?result=check_email");
      expect(stranger.cookie).not.toContain(`${cookieName("applicant")}=`);
      const row = await db()
        .selectFrom("people")
        .selectAll()
        .where("email", "=", "ada@example.com")
        .executeTakeFirstOrThrow();
      expect([row.first_name, row.university]).toEqual(["Ada", "State University"]);
      const submissions = await db().selectFrom("submissions").select("id").execute();
      expect(submissions).toHaveLength(2);

      // The email went to the owner of the address, greeted by the name on file, with a link that
      // signs them in on any device.
      const mails = await db()
        .selectFrom("outbox")
        .select(["to_address", "text"])
        .where("kind", "=", "application_qualified")
        .orderBy("created_at")
        .execute();
      expect(mails.map((m) => m.to_address)).toEqual(["ada@example.com", "ada@example.com"]);
      expect(mails[1]!.text).toMatch(/^Hi Ada,/m);
      expect(mails[1]!.text).not.toContain("Mallory");
      const link = /\/enroll\?link=([\w.-]+)/.exec(mails[1]!.text)![1]!;
      const opened = await callAction(
        enrollLoader,
        new Request(`http://localhost:3000/enroll?link=${link}`),
        context("phone"),
      ).catch((response: unknown) => response);
      expect(opened).toBeInstanceOf(Response);
      const response = opened as Response;
      expect(response.headers.get("location")).toBe("/enroll");
      expect(response.headers.get("set-cookie")).toContain(`${cookieName("applicant")}=`);

      const bad = await callAction(
        enrollLoader,
        new Request(`http://localhost:3000/enroll?link=${link.slice(0, -2)}xx`),
        context("phone"),
      ).catch((r: unknown) => r);
      expect((bad as Response).headers.get("location")).toBe("/apply");
      expect((bad as Response).headers.get("set-cookie")).not.toContain(
        `${cookieName("applicant")}=`,
      );
    });

    it("a lead form for someone else's address sends them the resource but keeps their profile", async () => {
      await apply("owner-browser");
      const lead = await unwrap(
        await callAction(
          leadAction,
          formRequest("/resume-template", {
            firstName: "Mallory",
            lastName: "X",
            email: "ada@example.com",
            university: "Nowhere",
            graduationYear: "2027",
            careerGoals: "x",
          }),
          context("stranger-browser"),
        ),
      );
      expect(lead.status).toBe(303);
      const row = await db()
        .selectFrom("people")
        .select(["first_name", "university"])
        .where("email", "=", "ada@example.com")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ first_name: "Ada", university: "State University" });
      const delivery = await db()
        .selectFrom("outbox")
        .select("text")
        .where("kind", "like", "lead%")
        .executeTakeFirstOrThrow();
      expect(delivery.text).not.toContain("Mallory");
    });

    it("refuses a name with a web address, and puts off the emails over one address's quota", async () => {
      const link = await apply("v-link", { ...application, lastName: "see evil.com" });
      expect(link.status).toBe(400);
      expect(await db().selectFrom("people").select("id").execute()).toEqual([]);

      const limited = await startTestServices(engine, {
        clock,
        env: { EMAILS_PER_RECIPIENT_PER_HOUR: "2" },
      });
      try {
        const post = async (n: number) =>
          unwrap(
            await callAction(
              leadAction,
              formRequest("/resume-template", {
                firstName: "Ada",
                lastName: "L",
                email: "victim@example.com",
                university: "U",
                graduationYear: "2027",
                careerGoals: "x",
              }),
              makeContext(limited.services, { visitorId: `v${n}`, ip: `10.9.${n}.1` }),
            ),
          );
        expect((await post(1)).status).toBe(303);
        expect((await post(2)).status).toBe(303);
        // Over the quota the request is still taken; its email waits for the next hour.
        expect((await post(3)).status).toBe(303);
        const sent = await limited.services.db
          .selectFrom("outbox")
          .select("send_after")
          .orderBy("send_after")
          .execute();
        expect(sent.map((row) => row.send_after > clock.now().toISOString())).toEqual([
          false,
          false,
          true,
        ]);
      } finally {
        await limited.cleanup();
      }
    });
  },
);
