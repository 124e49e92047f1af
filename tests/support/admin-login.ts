import type { AppContext } from "../../app/context";
import { beforeEach } from "vitest";
import { action, loader } from "../../app/features/cohort/routes/cohort-settings";
import { adminCookie, insertAccount, settle } from "./admin";
import { currentCohortRow, resetCohorts } from "./cohort";
import { callAction, flashToastOf, formRequest, makeContext, unwrap } from "./context";
import { TestClock, type TestEngine } from "./databases";
import { useTestServices } from "./suite";

/** The admin gate's page: the login view without a session, the cohort settings with one. */
export const PATH = "/admin/cohort-settings";
export const PASSWORD = "a long admin password";

/**
 * A suite of the admin gate: before each test a new admin account (with PASSWORD), no sessions,
 * no audit rows, the default cohort, and an address of the test's own for the rate limits.
 */
export function useAdminGate(engine: TestEngine) {
  const clock = new TestClock();
  const t = useTestServices(engine, { clock, empty: ["audit_log", "sessions", "admin_users"] });
  let n = 0;
  const admin = { id: "", email: "" };
  beforeEach(async () => {
    await resetCohorts(t.services.db);
    n += 1;
    admin.email = `boss${n}@example.com`;
    admin.id = await insertAccount(t.services.db, { email: admin.email, password: PASSWORD });
  });

  const context = (overrides: { ip?: string; secure?: boolean } = {}) =>
    makeContext(t.services, { ip: `10.1.${n}.1`, ...overrides });
  const post = async (
    fields: Record<string, string | string[]>,
    options: { cookie?: string; context?: AppContext; query?: string } = {},
  ) =>
    unwrap(
      await settle(
        callAction(
          action,
          formRequest(
            `${PATH}${options.query ?? ""}`,
            fields,
            options.cookie ? { cookie: options.cookie } : {},
          ),
          options.context ?? context(),
        ),
      ),
    );
  const load = async (cookie?: string, ctx: AppContext = context()) =>
    unwrap(
      await settle(
        callAction(
          loader,
          new Request(`http://localhost:3000${PATH}`, { headers: cookie ? { cookie } : {} }),
          ctx,
        ),
      ),
    );
  const login = (email = admin.email, password = PASSWORD, options = {}) =>
    post({ intent: "login", email, password }, options);

  return {
    t,
    clock,
    /** The test's admin account (a new one each test). */
    admin,
    /** The test's own number, for addresses no other test uses. */
    n: () => n,
    context,
    post,
    load,
    login,
    loginCookie: async () => adminCookie((await login()).headers.get("set-cookie")),
    flash: (response: { headers: Headers }) => flashToastOf(response, t.services),
    cohortRow: () => currentCohortRow(t.services.db),
    sessions: () => t.services.db.selectFrom("sessions").selectAll().execute(),
    audit: () => t.services.db.selectFrom("audit_log").selectAll().orderBy("id").execute(),
  };
}
