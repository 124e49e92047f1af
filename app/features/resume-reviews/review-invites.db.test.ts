import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarProperties, mimeParts } from "../../../tests/support/calendar";
import { TestClock, testEngines } from "../../../tests/support/databases";
import { reviewUploadRow } from "../../../tests/support/rows";
import { startSmtpServer } from "../../../fakes/smtp";
import { useTestServices } from "../../../tests/support/suite";
import { smtpTransport } from "~/mail/transport.server";
import { upsertPerson } from "~/features/people/people.server";
import { cancelReview, resumeQueue, scheduleReview } from "./resume-queue.server";
import { reviewInviteUid } from "./review-invite.server";

const STREAM = "https://stream.example.com/resume-reviews";
const OWNER = "owner@example.com";

describe.each(testEngines())("resume review invites on $name", (engine) => {
  const clock = new TestClock(new Date("2026-11-10T12:00:00Z"));
  const t = useTestServices(engine, {
    clock,
    empty: ["outbox", "audit_log", "uploads"],
    env: { SITE_TIME_ZONE: "America/New_York", LIVESTREAM_URL: STREAM },
  });
  let personId = "";

  beforeAll(async () => {
    const person = await t.services.db.transaction().execute((trx) =>
      upsertPerson(
        trx,
        {
          email: "bob@example.com",
          firstName: "Bob",
          lastName: "Builder",
          university: "State",
          graduationYear: "2027",
        },
        null,
        clock.now().toISOString(),
      ),
    );
    personId = person.id;
  });

  async function addUpload(id: string) {
    const now = clock.now().toISOString();
    await t.services.db
      .insertInto("uploads")
      .values(reviewUploadRow(id, personId, `${id}.docx`, now))
      .execute();
  }

  /** The emails queued so far, oldest first, with their invites read. */
  async function queued() {
    const rows = await t.services.db
      .selectFrom("outbox")
      .selectAll()
      .orderBy("created_at")
      .orderBy("kind")
      .execute();
    return rows.map((row) => ({ ...row, ics: calendarProperties(row.calendar ?? "") }));
  }

  const schedule = (id: string, date: string) =>
    scheduleReview(t.services.db, id, date, OWNER, clock.now(), t.services.config);
  const cancel = (id: string) =>
    cancelReview(t.services.db, id, OWNER, clock.now(), t.services.config);

  it("schedules, moves and cancels one calendar event: same UID, SEQUENCE 0, 1, 2", async () => {
    await addUpload("up1");
    const uid = reviewInviteUid("up1");
    expect(uid).toBe("resume-review-up1@fromscratchtosuccess.com");

    // A winter date: 7 PM in New York is midnight UTC (EST, UTC-5).
    expect(await schedule("up1", "2026-12-03")).toBe(true);
    clock.advance(60_000);
    // Moved to a summer date: 7 PM is 23:00 UTC (EDT, UTC-4).
    expect(await schedule("up1", "2027-07-08")).toBe(true);
    expect((await resumeQueue(t.services.db, "scheduled")).map((u) => u.scheduled_for)).toEqual([
      "2027-07-08",
    ]);
    clock.advance(60_000);
    expect(await cancel("up1")).toBe(true);
    expect(await resumeQueue(t.services.db, "scheduled")).toEqual([]);
    expect((await resumeQueue(t.services.db, "waiting")).map((u) => u.id)).toEqual(["up1"]);

    const [scheduled, moved, cancelled] = await queued();
    // One calendar event throughout: each email about it carries its UID and the next SEQUENCE.
    const events = [scheduled, moved, cancelled].map((email) => {
      const { kind, ics } = email!;
      return [kind, ics.METHOD, ics.UID, ics.SEQUENCE, ics.DTSTART, ics.STATUS];
    });
    expect(events).toEqual([
      ["resume_review_scheduled", "REQUEST", uid, "0", "20261204T000000Z", "CONFIRMED"],
      ["resume_review_rescheduled", "REQUEST", uid, "1", "20270708T230000Z", "CONFIRMED"],
      ["resume_review_cancelled", "CANCEL", uid, "2", "20270708T230000Z", "CANCELLED"],
    ]);

    expect(scheduled!.to_address).toBe("bob@example.com");
    expect(scheduled!.ics).toMatchObject({
      DTEND: "20261204T010000Z",
      LOCATION: STREAM,
      URL: STREAM,
    });
    expect(scheduled!.ics.DESCRIPTION).toContain(STREAM);
    expect(scheduled!.ics.ORGANIZER).toBe("mailto:hello@fromscratchtosuccess.com");
    expect(scheduled!.ics.ATTENDEE).toBe("MAILTO:bob@example.com");
    const winter = "Thursday, December 3, 2026 at 7:00 PM Eastern Standard Time (America/New_York)";
    expect(scheduled!.text).toContain(winter);
    expect(scheduled!.html).toContain(winter);
    expect(scheduled!.text).toContain(STREAM);

    expect(moved!.subject).toBe("Your resume review has a new date");
    expect(moved!.ics.DTEND).toBe("20270709T000000Z");
    const summer = "Thursday, July 8, 2027 at 7:00 PM Eastern Daylight Time (America/New_York)";
    expect(moved!.text).toContain(summer);

    expect(cancelled!.subject).toBe("Your resume review is canceled");
    expect(cancelled!.text).toContain(summer);

    const audit = await t.services.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      [OWNER, "resume.schedule"],
      [OWNER, "resume.reschedule"],
      [OWNER, "resume.cancel"],
    ]);
    expect(JSON.parse(audit[2]!.details)).toEqual({ uploadId: "up1", date: "2027-07-08" });

    // Booked again after the cancellation: the same event comes back with a newer SEQUENCE.
    clock.advance(60_000);
    expect(await schedule("up1", "2026-12-10")).toBe(true);
    const again = (await queued())[3]!;
    expect(again.kind).toBe("resume_review_scheduled");
    expect(again.ics).toMatchObject({ METHOD: "REQUEST", UID: uid, SEQUENCE: "3" });
  });

  it("cancels only scheduled reviews, and books only days not past in the site's zone", async () => {
    await addUpload("up2");
    expect(await cancel("up2")).toBe(false);
    expect(await cancel("missing")).toBe(false);
    expect(await schedule("missing", "2026-12-03")).toBe(false);
    // 12:00 UTC is 7 AM in New York: the day before is past, the same day is not.
    expect(await schedule("up2", "2026-11-09")).toBe(false);
    expect(await schedule("up2", "2026-11-10")).toBe(true);
    const [row] = await t.services.db
      .selectFrom("uploads")
      .select(["review_status", "invite_sequence"])
      .where("id", "=", "up2")
      .execute();
    expect(row).toEqual({ review_status: "scheduled", invite_sequence: 1 });
    expect((await queued()).map((e) => e.kind)).toEqual(["resume_review_scheduled"]);
    expect(
      (await t.services.db.selectFrom("audit_log").select("action").execute()).map((a) => a.action),
    ).toEqual(["resume.schedule"]);
  });

  describe("finding 7: a name cannot add calendar parameters", () => {
    it("gives the ATTENDEE exactly one CN with the whole name, read by a real iCalendar parser", async () => {
      const injected = 'Eve";ROLE=CHAIR;X-INJ=1:mailto:evil@example.com;CN="Mallory';
      const eve = await t.services.db.transaction().execute((trx) =>
        upsertPerson(
          trx,
          {
            email: "eve@example.com",
            firstName: injected,
            lastName: "Doe",
            university: "State",
            graduationYear: "2027",
          },
          null,
          clock.now().toISOString(),
        ),
      );
      await t.services.db
        .insertInto("uploads")
        .values(reviewUploadRow("up-eve", eve.id, "eve.docx", clock.now().toISOString()))
        .execute();
      expect(await schedule("up-eve", "2026-12-03")).toBe(true);
      const [email] = await queued();

      const event = new ICAL.Component(ICAL.parse(email!.calendar!)).getFirstSubcomponent(
        "vevent",
      )!;
      const attendees = event.getAllProperties("attendee");
      expect(attendees).toHaveLength(1);
      const [attendee] = attendees;
      // Only the parameters the site sets: no ROLE=CHAIR, no X-INJ, one CN.
      expect(Object.keys(attendee!.toJSON()[1] as object).sort()).toEqual(["cn", "role", "rsvp"]);
      expect(attendee!.getParameter("role")).toBe("REQ-PARTICIPANT");
      expect(attendee!.getParameter("cn")).toBe(
        "Eve';ROLE=CHAIR;X-INJ=1:mailto:evil@example.com;CN='Mallory Doe",
      );
      expect(attendee!.getFirstValue()).toBe("MAILTO:eve@example.com");
    });
  });

  describe("over SMTP", () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp.close();
    });

    it("sends the invite as a text/calendar part with METHOD:REQUEST", async () => {
      await addUpload("up3");
      expect(await schedule("up3", "2026-12-03")).toBe(true);
      const [email] = await queued();
      const transport = smtpTransport(smtp.url);
      try {
        await transport.send({
          id: email!.id,
          from: t.services.config.mailFrom,
          to: email!.to_address,
          subject: email!.subject,
          html: email!.html,
          text: email!.text,
          calendar: email!.calendar,
        });
      } finally {
        transport.close();
      }
      expect(smtp.received).toHaveLength(1);
      const raw = smtp.received[0]!.raw;
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      const part = mimeParts(raw).find((p) => p.contentType.startsWith("text/calendar"));
      expect(part?.contentType).toMatch(/method=REQUEST/);
      expect(calendarProperties(part!.body)).toMatchObject({
        METHOD: "REQUEST",
        UID: reviewInviteUid("up3"),
        SEQUENCE: "0",
        DTSTART: "20261204T000000Z",
      });
      const plain = mimeParts(raw).find((p) => p.contentType.startsWith("text/plain"));
      expect(plain?.body).toContain("Eastern Standard Time (America/New_York)");
    });
  });
});
