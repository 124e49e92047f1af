import { expect } from "vitest";
import { action, loader } from "../../app/features/resume-reviews/routes/resume-review";
import { callAction, formOutcome, makeContext } from "./context";
import { TestClock, type TestEngine } from "./databases";
import { countRows, useTestServices, type Table } from "./suite";

export const reviewAnswers = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "Grace.Hopper@Example.com",
  university: "State University",
  graduationYear: "2028",
};

export const MB = 1024 * 1024;
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export interface ResumeFile {
  bytes: Uint8Array;
  name: string;
}

/** A multipart POST as the browser sends it, with the resume as a file part. */
function multipartRequest(fields: Record<string, string>, resume?: ResumeFile) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (resume)
    body.append(
      "resume",
      new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name, { type: DOCX }),
    );
  return new Request("http://localhost:3000/resume-review", { method: "POST", body });
}

/** A suite of the resume review form: services emptied of uploads and leads before each test. */
export function useResumeReview(engine: TestEngine) {
  const clock = new TestClock();
  const t = useTestServices(engine, {
    clock,
    empty: ["uploads", "submissions", "outbox", "people"],
  });
  let ipCounter = 0;

  const submit = async (
    resume: ResumeFile | undefined,
    fields: Record<string, string> = reviewAnswers,
    visitorId: string | null = "visitor-9",
  ) =>
    formOutcome(
      await callAction(
        action,
        multipartRequest(fields, resume),
        makeContext(t.services, { visitorId, ip: `10.2.0.${++ipCounter}` }),
      ),
      t.services,
    );
  const count = (table: Table) => countRows(t.services.db, table);
  const page = (path: string) =>
    loader({
      request: new Request(`http://localhost:3000${path}`),
      context: makeContext(t.services),
    } as never);

  return {
    t,
    clock,
    submit,
    count,
    /** Whether the page a redirect lands on shows the confirmation, as its loader says. */
    showsSent: async (location: string | null) => (await page(location ?? "/resume-review")).sent,
    /** What the page's loader gives it for `path`. */
    page,
    expectNothingStored: async () => {
      for (const table of ["people", "submissions", "outbox", "uploads"] as const)
        expect(await count(table), table).toBe(0);
    },
  };
}
