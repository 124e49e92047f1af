// The owner's account and session the way an operator and a browser get them: the admin CLI,
// then the sign-in form. No rows written by hand.
import { FORM_HEADERS } from "./forms";
import { runScript } from "./scripts";

export interface Credentials {
  email: string;
  password: string;
}

/** The drills' owner account. */
export const OWNER: Credentials = { email: "owner@example.com", password: "bench owner password" };

/** `npm run admin -- create --email <email>` with the password in ADMIN_PASSWORD. */
export async function createOwner(databaseUrl: string, owner: Credentials = OWNER) {
  const run = await runScript("admin", ["create", "--email", owner.email], {
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: owner.password,
  });
  if (run.code !== 0) throw new Error(`admin create failed: ${run.stderr.trim() || run.stdout}`);
}

export interface SignIn {
  /** The login form's answer: 303 (post/redirect/get) when the credentials were accepted. */
  status: number;
  /** "fsts_admin=…" for a Cookie header. */
  cookie: string;
}

/**
 * Posts the sign-in form (`/admin/cohort-settings`, intent=login) with the site's own Origin, as a
 * browser on `baseUrl` would, and takes the session cookie from its Set-Cookie.
 */
export async function signIn(
  baseUrl: string,
  owner: Credentials = OWNER,
  cookie?: string,
): Promise<SignIn> {
  const res = await fetch(`${baseUrl}/admin/cohort-settings`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM_HEADERS, origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ intent: "login", ...owner }).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  const session = res.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => /^(__Host-)?fsts_admin=./.test(pair));
  if (!session) throw new Error(`sign-in on ${baseUrl} answered ${res.status} with no session`);
  return { status: res.status, cookie: session };
}
