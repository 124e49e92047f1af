import { afterEach, expect } from "vitest";
import { seatScenario } from "./cohort";
import { callAction, makeContext, unwrap } from "./context";
import type { TestEngine } from "./databases";
import { answer } from "./mentors";
import { portalCookie } from "./portal";
import * as applicationRoute from "../../app/features/job-search/routes/application";
import * as applicationsRoute from "../../app/features/job-search/routes/applications";
import * as importRoute from "../../app/features/job-search/routes/import";
import { firstDatesDrift, uploadRequest } from "./job-search";

const LIST = "/portal/applications";
const IMPORT = `${LIST}/import`;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A new application as the add form posts it. */
export const ADD = {
  intent: "add",
  firm: "Acme Capital",
  role: "Analyst",
  source: "posting",
  stage: "wishlist",
};

/**
 * A job-search test's scene on `engine` (a describe block's): paid students with portal cookies,
 * and the routes of /portal/applications called as a browser would. After each test, every
 * application's first dates must be what its moves say (decision 0068), whichever writers ran.
 */
export function jobSearchScene(engine: TestEngine) {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();
  // Registered after the scenario's own: after-hooks run last first, before the cleanup.
  afterEach(async () => {
    expect(await firstDatesDrift(db())).toEqual([]);
  });

  async function student(email: string) {
    const id = await s.person(email);
    await s.pay(id, email);
    const cookie = await portalCookie(services(), {
      role: "student",
      personId: id,
      email,
      firstName: email.split("@")[0]!,
    });
    return { id, cookie };
  }

  const add = (cookie: string, fields: Record<string, string> = ADD) =>
    answer(services(), applicationsRoute.action, LIST, cookie, { fields });
  const list = async (cookie: string) =>
    (
      (await answer(services(), applicationsRoute.loader, LIST, cookie)).body as {
        applications: { id: string; firm: string; stage: string; round: number | null }[];
      }
    ).applications;
  const page = (cookie: string, id: string) =>
    answer(services(), applicationRoute.loader, `${LIST}/${id}`, cookie, { params: { id } });
  const post = (cookie: string, id: string, fields: Record<string, string>) =>
    answer(services(), applicationRoute.action, `${LIST}/${id}`, cookie, {
      params: { id },
      fields,
    });
  const current = async (cookie: string, id: string) =>
    ((await page(cookie, id)).body as { application: { move_id: string } }).application.move_id;
  /** A move as the form posts it: its interview date (today) and offer kind filled in, as the form's defaults would be. */
  const move = async (
    cookie: string,
    id: string,
    to: string,
    round = "",
    details: Record<string, string> = {},
  ) =>
    post(cookie, id, {
      intent: "move",
      moveId: await current(cookie, id),
      to,
      round,
      note: `to ${to}`,
      interviewDate: s.clock.now().toISOString().slice(0, 10),
      kind: to === "offer" ? "internship" : "",
      ...details,
    });
  const upload = async (cookie: string, bytes: Uint8Array, name = "tracker.xlsx") =>
    unwrap(
      await callAction(
        importRoute.action,
        uploadRequest(IMPORT, cookie, { bytes, name, type: XLSX_TYPE }, { intent: "preview" }),
        makeContext(services()),
      ),
    );
  const confirm = (cookie: string, rows: unknown[]) =>
    answer(services(), importRoute.action, IMPORT, cookie, {
      fields: { intent: "confirm", rows: JSON.stringify(rows) },
    });
  const count = async (table: "job_applications" | "job_application_moves") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { s, services, db, student, add, list, page, post, current, move, upload, confirm, count };
}
