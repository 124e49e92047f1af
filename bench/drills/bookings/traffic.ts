import { performance } from "node:perf_hooks";
import { bookingText } from "../../../app/features/bookings/bookings.words";
import { FORM_HEADERS } from "../../lib/forms";
import { sleep, type RunningServer } from "../../lib/server";
import type { Student } from "./setup";

type Intent = "book" | "reschedule" | "cancel";
/** What a post of /portal/book was answered: a redirect (done) or the refusal's reason. */
type Answer =
  | "booked"
  | "moved"
  | "cancelled"
  | "taken"
  | "already"
  | "tooLate"
  | "notFound"
  | "slot"
  | `unexpected ${string}`;

export const REFUSALS = ["taken", "already", "tooLate", "notFound", "slot"] as const;

interface Page {
  slots: string[];
  booking: { id: string; startsAt: string } | null;
}

export const pickOne = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];

/** The page's free slots (the buttons' data-slot) and the student's booking of the week. */
function parsePage(html: string): Page {
  const slots = [...html.matchAll(/data-slot="([^"]+)"/g)].map((m) => m[1]!);
  const startsAt = /data-booking="([^"]+)"/.exec(html)?.[1];
  const id = /name="bookingId" value="([^"]+)"/.exec(html)?.[1];
  return { slots, booking: startsAt && id ? { id, startsAt } : null };
}

/** The refusal a 409 answer names, by the words the page shows. */
function refusalOf(html: string): Answer {
  for (const kind of REFUSALS) if (html.includes(bookingText.errors[kind])) return kind;
  return "unexpected 409";
}

const DONE: Record<Intent, Answer> = { book: "booked", reschedule: "moved", cancel: "cancelled" };

/** The students' requests to /portal/book, alternating the instances, and what each was answered. */
export class Traffic {
  /** "intent:answer" (or "unexpected GET 500") to how many times. */
  readonly answers: Record<string, number> = {};
  readonly postMs: number[] = [];
  readonly getMs: number[] = [];
  posts = 0;
  gets = 0;
  private turn = 0;

  constructor(readonly servers: RunningServer[]) {}

  private nextServer() {
    return this.servers[this.turn++ % this.servers.length]!;
  }

  private tally(key: string) {
    this.answers[key] = (this.answers[key] ?? 0) + 1;
  }

  /** How many answers' keys start with `prefix` ("book:booked", "cancel:"). */
  count(prefix: string) {
    return Object.entries(this.answers)
      .filter(([k]) => k.startsWith(prefix))
      .reduce((sum, [, n]) => sum + n, 0);
  }

  async page(student: Student, week: number, server = this.nextServer()): Promise<Page> {
    const started = performance.now();
    const res = await fetch(`${server.url}/portal/book?week=${week}`, {
      headers: { cookie: student.jar.header() },
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    const html = await res.text();
    this.getMs.push(performance.now() - started);
    this.gets += 1;
    if (res.status !== 200) {
      this.tally(`unexpected GET ${res.status}`);
      return { slots: [], booking: null };
    }
    return parsePage(html);
  }

  async post(
    student: Student,
    fields: Record<string, string> & { intent: Intent },
    server = this.nextServer(),
  ): Promise<Answer> {
    const started = performance.now();
    let answer: Answer;
    try {
      const res = await fetch(`${server.url}/portal/book`, {
        method: "POST",
        headers: { ...FORM_HEADERS, origin: server.url, cookie: student.jar.header() },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
        signal: AbortSignal.timeout(20_000),
      });
      const html = await res.text();
      answer =
        res.status === 303
          ? DONE[fields.intent]
          : res.status === 409
            ? refusalOf(html)
            : `unexpected ${res.status}`;
    } catch (error) {
      answer = `unexpected ${(error as Error).name}`;
    }
    this.postMs.push(performance.now() - started);
    this.posts += 1;
    this.tally(`${fields.intent}:${answer}`);
    return answer;
  }

  /**
   * One student until `endsAt`: first the three popular slots of their mentor all at once (one
   * post per slot, the instances alternating), then any free slot of week 1 or 2 (two posts at
   * once, one per instance), rescheduling, cancelling and booking again at random.
   */
  async student(student: Student, hot: readonly string[], endsAt: number) {
    await Promise.all(
      hot.map((slot, i) =>
        this.post(
          student,
          { intent: "book", week: "1", slot },
          this.servers[(student.index + i) % 2],
        ),
      ),
    );
    while (Date.now() < endsAt) {
      const week = Math.random() < 0.7 ? 1 : 2;
      const seen = await this.page(student, week);
      const choice = () =>
        (week === 1 && Math.random() < 0.3 ? pickOne(hot) : undefined) ?? pickOne(seen.slots);
      if (!seen.booking) {
        // Two slots of the week at once, one post per instance: one booking at most.
        const picks = [choice(), choice()].filter((s): s is string => Boolean(s));
        await Promise.all(
          picks.map((slot, i) =>
            this.post(student, { intent: "book", week: String(week), slot }, this.servers[i]),
          ),
        );
      } else {
        const r = Math.random();
        const slot = choice();
        if (r < 0.4 && slot)
          await this.post(student, { intent: "reschedule", bookingId: seen.booking.id, slot });
        else if (r < 0.6)
          await this.post(student, { intent: "cancel", bookingId: seen.booking.id });
        else if (r < 0.8 && slot)
          await this.post(student, { intent: "book", week: String(week), slot });
      }
      await sleep(Math.random() * 200);
    }
  }
}
