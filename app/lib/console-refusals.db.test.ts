import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../tests/support/cohort";
import { testEngines } from "../../tests/support/databases";
import { useOwnerConsole } from "../../tests/support/owner-console";
import { uploadRow } from "../../tests/support/rows";
import type { Table } from "../../tests/support/suite";
import { getCohort } from "~/features/cohort/cohort.server";
import { cohortSettingsValidation } from "~/features/cohort/cohort-settings.words";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { broadcastErrors } from "~/features/marketing/broadcasts.words";
import { consoleText as text } from "~/content/console";
import { action as broadcastsAction } from "~/features/marketing/routes/broadcasts";
import { action as cohortAction } from "~/features/cohort/routes/cohort";
import { action as cohortsAction } from "~/features/cohort/routes/cohorts";
import { action as emailsAction } from "~/features/ops/routes/emails";
import { action as personAction } from "~/features/people/routes/person";
import { action as resumesAction } from "~/features/resume-reviews/routes/resumes";
import { action as sequencesAction } from "~/features/marketing/routes/sequences";

/**
 * The console's pages of every feature refuse a bad form one way (parseForm and refuse,
 * app/lib/form.server.ts): 400, the message under its field and as the toast, nothing written.
 */

const { capacityAtLeastOne } = cohortSettingsValidation;

/** Every table a console form writes to. */
const WRITTEN: Table[] = [
  "people",
  "status_history",
  "audit_log",
  "cohorts",
  "waitlist_entries",
  "uploads",
  "outbox",
  "sequence_settings",
  "broadcasts",
];

interface Refusal {
  result: { status: string; error: Record<string, string[]> };
  toast: { description: string };
}

describe.each(testEngines())("a refused console form on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock, post } = owner;
  const db = () => owner.t.services.db;
  const { person } = seatFixtures(() => owner.t.services, clock);
  const snapshot = async () =>
    Promise.all(WRITTEN.map((table) => db().selectFrom(table).selectAll().execute()));

  /** A bad form, the field its message goes under, and the message. */
  type Case = [fields: Record<string, string>, field: string, message: string];

  /** Posts each bad form: 400, its message under the field (and as the toast), nothing written. */
  async function refused(
    action: Parameters<typeof post>[0],
    path: string,
    cases: Case[],
    params: Record<string, string> = {},
  ) {
    for (const [fields, field, message] of cases) {
      const before = await snapshot();
      const response = await post(action, path, fields, params);
      expect(response.status).toBe(400);
      const body = response.body as Refusal;
      expect(body.result.status).toBe("error");
      expect(body.result.error[field]).toEqual([message]);
      expect(body.toast.description).toBe(message);
      expect(await snapshot()).toEqual(before);
    }
  }

  it("the person page: a status or refund without a reason, an erasure not typed", async () => {
    await setCurrentCohort(db(), { capacity: 2 });
    const id = await person("a@example.com");
    await refused(
      personAction,
      `/admin/people/${id}`,
      [
        [
          { intent: "status", status: "enrolled", reason: "  " },
          "reason",
          text.statusReasonRequired,
        ],
        [{ intent: "refund", reason: "" }, "reason", cohortConsole.refundReasonRequired],
        [{ intent: "erase", confirm: "erase" }, "confirm", text.person.eraseMismatch],
      ],
      { id },
    );
  });

  it("the cohorts page: a capacity of none, or no cohort to make current", async () => {
    await refused(cohortsAction, "/admin/cohorts", [
      [{ intent: "create", capacity: "0", startDate: "" }, "capacity", capacityAtLeastOne],
      [{ intent: "make_current", id: "" }, "id", text.notFound],
    ]);
  });

  it("the seat queue: a button without its entry", async () => {
    await setCurrentCohort(db(), { capacity: 2 });
    const id = (await getCohort(db(), clock.now())).id;
    const cases: Case[] = [[{ intent: "offer" }, "id", cohortConsole.notWaiting]];
    await refused(cohortAction, `/admin/cohorts/${id}`, cases, { id });
  });

  it("the resume queue: a date that is not one, or one in the past, under the date", async () => {
    const id = await person("a@example.com");
    const at = clock.now().toISOString();
    await db()
      .insertInto("uploads")
      .values(uploadRow("up1", id, at))
      .execute();
    await refused(
      resumesAction,
      "/admin/resumes",
      ["2027-02-30", "2020-01-06"].map((date) => [
        { intent: "schedule", id: "up1", date },
        "date",
        text.invalidDate,
      ]),
    );
  });

  it("the email log and the sequences: a row action without its row", async () => {
    await refused(emailsAction, "/admin/emails", [[{}, "id", text.notFound]]);
    const sequence: Case = [{ intent: "pause", sequence: "nope" }, "sequence", text.notFound];
    await refused(sequencesAction, "/admin/sequences", [sequence]);
  });

  it("the broadcasts page: no subject, a time past, an audience not in the lists", async () => {
    const compose = {
      intent: "send",
      requestKey: "console-forms-request-key",
      category: "news",
      subject: "Cohort news",
      body: "Hello",
    };
    await refused(broadcastsAction, "/admin/broadcasts", [
      [{ ...compose, subject: " " }, "subject", broadcastErrors.subject],
      [
        { ...compose, intent: "test", sendAt: "2026-11-01T10:00" },
        "sendAt",
        broadcastErrors.sendAtPast,
      ],
      [{ intent: "count", status: "king" }, "status", broadcastErrors.audience],
    ]);
  });
});
