import type { Attribution } from "../../app/features/analytics/utm";
import { loader as downloadLoader } from "../../app/features/leads/routes/download";
import {
  action as leadPageAction,
  loader as leadPageLoader,
} from "../../app/features/leads/routes/lead-page";
import {
  action as libraryAction,
  loader as libraryLoader,
} from "../../app/features/leads/routes/resource-library";
import { callAction, formOutcome, formRequest, makeContext } from "./context";
import type { TestEngine } from "./databases";
import { TestClock } from "./databases";
import { countRows, useTestServices, type Table } from "./suite";

/** The lead form as a visitor fills it in. */
export const leadAnswers = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  university: "State University",
  graduationYear: "2027",
  careerGoals: "Wealth management",
};

/** Where the visitor came from: a video first, a rep's LinkedIn link last. */
export const leadAttribution: Attribution = {
  first: { utm_source: "youtube", videoId: "abc" },
  last: { utm_source: "linkedin", utm_campaign: "resume_template", utm_term: "rep7" },
};

export const WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type ContextOverrides = Parameters<typeof makeContext>[1];

/**
 * A suite of the lead pages and their downloads: services emptied of leads before each test,
 * each request from an address of its own (so rate limits stay out of the way unless set).
 */
export function useLeadPages(engine: TestEngine) {
  const clock = new TestClock();
  const t = useTestServices(engine, {
    clock,
    empty: ["downloads", "submissions", "outbox", "people"],
  });
  let ipCounter = 0;

  const context = (overrides: ContextOverrides = {}) =>
    makeContext(t.services, {
      attribution: leadAttribution,
      ip: `10.1.0.${++ipCounter}`,
      ...overrides,
    });

  /** Posts a lead form to `path` (a lead page or the library). */
  const submit = async (
    path: string,
    fields: Record<string, string> = leadAnswers,
    overrides: ContextOverrides = {},
  ) => {
    const action = path === "/resource-library" ? libraryAction : leadPageAction;
    return formOutcome(
      await callAction(action, formRequest(path, fields), context(overrides)),
      t.services,
    );
  };

  /** Whether the page a redirect lands on shows the confirmation, as its loader says. */
  const showsSent = async (location: string | null) => {
    const request = new Request(`http://localhost:3000${location}`);
    const loader = location?.startsWith("/resource-library") ? libraryLoader : leadPageLoader;
    return (await loader({ request, context: context() } as never)).sent;
  };

  /** Opens a download link: /download/:token, or /download/:token/:format. */
  const download = (token: string, format?: string) =>
    callAction(
      downloadLoader,
      new Request(`http://localhost:3000/download/${token}${format ? `/${format}` : ""}`),
      context(),
      { token, ...(format ? { format } : {}) },
    ) as Promise<Response>;

  return {
    t,
    clock,
    context,
    submit,
    showsSent,
    download,
    count: (table: Table) => countRows(t.services.db, table),
    person: () => t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow(),
    submission: () => t.services.db.selectFrom("submissions").selectAll().executeTakeFirstOrThrow(),
    outbox: () => t.services.db.selectFrom("outbox").selectAll().orderBy("created_at").execute(),
    downloads: () => t.services.db.selectFrom("downloads").selectAll().execute(),
  };
}
