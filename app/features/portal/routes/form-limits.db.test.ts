import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../../tests/support/cohort";
import { testEngines } from "../../../../tests/support/databases";
import { answer, mentoredStudent, signedInMentor } from "../../../../tests/support/mentors";
import { formErrors } from "~/content/forms";
import { mentorPortal } from "~/features/mentors/mentors.words";
import { MAX_NOTES_PER_PERSON } from "~/features/people/notes";
import * as availabilityRoute from "~/features/bookings/routes/mentor-availability";
import * as bookRoute from "~/features/bookings/routes/book";
import * as calendarRoute from "~/features/sessions/routes/calendar";
import * as deepDiveRoute from "~/features/bookings/routes/deep-dive";
import * as interviewsRoute from "~/features/outcomes/routes/interviews";
import * as leaveRoute from "~/features/withdrawals/routes/leave";
import * as mentorRoute from "~/features/mentors/routes/mentor";
import * as mentorSessionRoute from "~/features/attendance/routes/mentor-session";
import * as mentorStudentRoute from "~/features/mentors/routes/mentor-student";
import * as preworkRoute from "./prework";
import * as profileRoute from "./profile";
import * as surveyRoute from "~/features/surveys/routes/survey";
import * as testimonialRoute from "~/features/outcomes/routes/testimonial";

type Answer = Awaited<ReturnType<typeof answer>>;
interface LimitedForm {
  run: Parameters<typeof answer>[1];
  path: string;
  role: "student" | "mentor";
  params?: Record<string, string>;
  fields: Record<string, string>;
}
interface Refused {
  result: {
    status?: string;
    initialValue?: Record<string, unknown>;
    error?: Record<string, string[]>;
  };
  toast: { title: string; description?: string };
}

/**
 * The signed-in portal forms are limited per person, not per client address: mentors (and
 * students) on one office network share an address. A person typing never reaches the limit, and
 * a post over it answers 429 with what they typed kept in the form.
 */
describe.each(testEngines())("signed-in portal form limits on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  async function mentor(email: string, name: string) {
    const signedIn = await signedInMentor(services(), email, name);
    // Set without a post (the posts are what this counts): no hours before a meeting place.
    await db()
      .updateTable("mentors")
      .set({ meeting_place: "Room 4" })
      .where("id", "=", signedIn.id)
      .execute();
    return signedIn;
  }

  const student = (email: string, mentorId: string) => mentoredStudent(s, email, mentorId);

  const hours = (mentorId: string) =>
    db()
      .selectFrom("mentor_availability")
      .select("weekday")
      .where("mentor_id", "=", mentorId)
      .execute();

  /** The answer to a post over the limit: 429, the fields as sent, the message, nothing else. */
  function expectOverLimit(answered: Answer, fields: Record<string, string>) {
    expect(answered.status).toBe(429);
    const body = answered.body as Refused;
    expect(body.result.status).toBe("error");
    expect(body.result.initialValue).toMatchObject(fields);
    expect(body.result.error?.[""]).toEqual([formErrors.portalRateLimited]);
    expect(body.toast).toMatchObject({
      title: formErrors.rateLimitedTitle,
      description: formErrors.portalRateLimited,
      variant: "destructive",
    });
  }

  it("a mentor adding weekly hours row by row is counted alone, and over the limit keeps the row typed", async () => {
    const limit = services().config.portalRateLimitPerMinute;
    const perAddress = services().config.rateLimitPerMinute;
    expect(limit).toBeGreaterThan(perAddress);
    const ann = await mentor("ann@example.com", "Ann Mentor");
    const ben = await mentor("ben@example.com", "Ben Mentor");
    const add = (cookie: string, weekday: number, hour: number) =>
      answer(services(), availabilityRoute.action, "/portal/mentor/availability", cookie, {
        fields: {
          intent: "add_hours",
          weekday: String(weekday),
          from: `${String(hour).padStart(2, "0")}:00`,
          to: `${String(hour).padStart(2, "0")}:30`,
        },
      });
    // The tester's 11 rows in 18 seconds, from one office address: every one is added.
    for (let i = 0; i < perAddress + 1; i++)
      expect((await add(ann.cookie, (i % 7) + 1, 8 + Math.floor(i / 7))).status).toBe(303);
    expect(await hours(ann.id)).toHaveLength(perAddress + 1);
    // Her colleague on the same address is not held back by her count.
    expect((await add(ben.cookie, 1, 9)).status).toBe(303);

    // Up to the limit (a minute of one post a second; a refused post counts too), then refused:
    // nothing added, and the row as typed comes back to the form.
    for (let posted = perAddress + 1; posted < limit; posted++)
      expect((await add(ann.cookie, 1, 8)).status).toBe(400);
    const over = await add(ann.cookie, 3, 20);
    expectOverLimit(over, { intent: "add_hours", weekday: "3", from: "20:00", to: "20:30" });
    expect(await hours(ann.id)).toHaveLength(perAddress + 1);
    expect((await add(ben.cookie, 2, 9)).status).toBe(303);
  });

  it("every signed-in portal form counts per person and keeps what was typed when over", async () => {
    const limit = services().config.portalRateLimitPerMinute;
    const ann = await mentor("ann@example.com", "Ann Mentor");
    const ben = await mentor("ben@example.com", "Ben Mentor");
    const ada = await student("ada@example.com", ann.id);
    const bo = await student("bo@example.com", ben.id);
    // Each form with values its schema refuses (400, nothing changes), and what must come back.
    const forms: LimitedForm[] = [
      {
        run: bookRoute.action,
        path: "/portal/book",
        role: "student",
        fields: { intent: "book", week: "9", slot: "not-a-slot" },
      },
      {
        run: deepDiveRoute.action,
        path: "/portal/deep-dive",
        role: "student",
        fields: { intent: "book", interviewId: "iv-1", slot: "not-a-slot" },
      },
      {
        run: interviewsRoute.action,
        path: "/portal/interviews",
        role: "student",
        fields: { intent: "interview", firm: "Goldman Sachs", role: "Analyst", date: "someday" },
      },
      {
        run: leaveRoute.action,
        path: "/portal/leave",
        role: "student",
        fields: { kind: "leave", reason: "   " },
      },
      {
        run: profileRoute.action,
        path: "/portal/profile",
        role: "student",
        fields: { linkedinUrl: "not a link", timeZone: "Nowhere/Else" },
      },
      {
        run: surveyRoute.action,
        path: "/portal/survey",
        role: "student",
        fields: { score: "eleven", liked: "The mock interviews" },
      },
      {
        run: testimonialRoute.action,
        path: "/portal/testimonial",
        role: "student",
        fields: { intent: "submit", quote: "It changed my summer.", consent: "everyone" },
      },
      {
        run: preworkRoute.action,
        path: "/portal/prework",
        role: "student",
        fields: { intent: "read_it_all" },
      },
      {
        run: calendarRoute.action,
        path: "/portal/calendar",
        role: "student",
        fields: { intent: "subscribe_twice" },
      },
      {
        run: calendarRoute.action,
        path: "/portal/calendar",
        role: "mentor",
        fields: { intent: "subscribe_twice" },
      },
      {
        run: mentorStudentRoute.action,
        path: "/portal/mentor/students/ada",
        role: "mentor",
        params: { id: "ada" },
        fields: { intent: "note", body: "   " },
      },
      {
        run: mentorRoute.action,
        path: "/portal/mentor",
        role: "mentor",
        fields: { intent: "cancel_booking", bookingId: "b", reason: "   " },
      },
      {
        run: mentorSessionRoute.action,
        path: "/portal/mentor/sessions/x",
        role: "mentor",
        params: { id: "x" },
        fields: { intent: "recording", url: "not a link" },
      },
    ];
    for (const form of forms) {
      const [first, second] = form.role === "mentor" ? [ann, ben] : [ada, bo];
      const post = (cookie: string) =>
        answer(services(), form.run, form.path, cookie, {
          params: form.params,
          fields: form.fields,
        });
      for (let i = 0; i < limit; i++)
        expect((await post(first.cookie)).status, form.path).toBe(400);
      expectOverLimit(await post(first.cookie), form.fields);
      // Someone else on the same address still gets the form's own answer.
      expect((await post(second.cookie)).status, form.path).toBe(400);
    }
  });

  it("a mentor's notes about one student stop at the cap, refused under the field", async () => {
    const ann = await mentor("ann@example.com", "Ann Mentor");
    const ada = await student("ada@example.com", ann.id);
    const notes = () =>
      db().selectFrom("person_notes").select("id").where("person_id", "=", ada.id).execute();
    const rows = Array.from({ length: MAX_NOTES_PER_PERSON - 1 }, (_, i) => ({
      id: `note-${i}`,
      person_id: ada.id,
      author: "owner@example.com",
      author_role: "owner" as const,
      body: `Note ${i}`,
      created_at: new Date().toISOString(),
    }));
    await db().insertInto("person_notes").values(rows).execute();
    const add = (body: string) =>
      answer(
        services(),
        mentorStudentRoute.action,
        `/portal/mentor/students/${ada.id}`,
        ann.cookie,
        {
          params: { id: ada.id },
          fields: { intent: "note", body },
        },
      );
    expect((await add("The last one that fits.")).status).toBe(303);
    expect(await notes()).toHaveLength(MAX_NOTES_PER_PERSON);
    const refused = await add("One too many.");
    expect(refused.status).toBe(400);
    const body = refused.body as Refused;
    expect(body.result.error?.body).toEqual([mentorPortal.notesFull]);
    expect(body.result.initialValue).toMatchObject({ body: "One too many." });
    expect(await notes()).toHaveLength(MAX_NOTES_PER_PERSON);
  });
});
