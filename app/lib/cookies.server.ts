import { createHash, hkdfSync } from "node:crypto";
import { createCookie, createCookieSessionStorage, type Cookie } from "react-router";
import type { AppContext } from "~/context";
import type { ToastMessage } from "./toast";

/**
 * Every cookie the site sets, made with React Router's `createCookie` from one place.
 *
 * Each cookie purpose signs with its own key, derived from the session secret with HKDF, so a
 * value signed for one purpose (say, a visitor id) is never accepted as another (an admin
 * session). Secrets are a list, newest first: cookies are signed with the first and accepted
 * under any, so SESSION_SECRET can be rotated by moving the old one to SESSION_SECRET_PREVIOUS.
 */
export type CookiePurpose = "visitor" | "attribution" | "applicant" | "admin" | "portal" | "toast";

const YEAR = 365 * 24 * 3600;

const maxAge: Record<CookiePurpose, number | undefined> = {
  visitor: YEAR,
  attribution: 30 * 24 * 3600,
  applicant: 30 * 24 * 3600,
  admin: 8 * 3600,
  // A student or mentor: the session row decides (30 days at most, 7 idle).
  portal: 30 * 24 * 3600,
  // A flash lives until the next page reads it; a minute is plenty for a redirect to land.
  toast: 60,
};

const names: Record<CookiePurpose, string> = {
  visitor: "fsts_vid",
  attribution: "fsts_utm",
  applicant: "fsts_applicant",
  admin: "fsts_admin",
  portal: "fsts_portal",
  toast: "fsts_toast",
};

/**
 * On https every cookie carries the `__Host-` prefix: the browser then keeps it only if it is
 * Secure, for the whole site (Path=/) and for this host alone (no Domain), so neither plain http
 * nor a sibling subdomain can plant or overwrite it.
 */
export function cookieName(purpose: CookiePurpose, secure = false): string {
  return secure ? `__Host-${names[purpose]}` : names[purpose];
}

/**
 * Whether a request carries a flash toast (by its Cookie header). The toast waits for the next
 * page, so that page must be rendered on the server rather than served from a prebuilt file.
 */
export function hasFlashToast(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && TOAST_COOKIE.test(cookieHeader);
}

/** The toast cookie by either of its names (http, or https's `__Host-`), as a whole cookie name. */
const TOAST_COOKIE = new RegExp(
  `(?:^|;\\s*)(?:${cookieName("toast", true)}|${cookieName("toast")})=`,
);

function purposeKey(secret: string, purpose: CookiePurpose): string {
  return Buffer.from(hkdfSync("sha256", secret, "", `fsts-cookie:${purpose}`, 32)).toString(
    "base64url",
  );
}

export interface SiteCookies {
  cookie(purpose: CookiePurpose): Cookie;
  toasts: ReturnType<typeof createToastStorage>;
  /** Verified values by purpose and a hash of the one cookie's value (see `readCookie`). */
  verified: Map<string, unknown>;
}

/**
 * How many verified cookie values each set of cookies remembers. An entry is a 43-character
 * hash and a value this site signed (a visitor id, capped tracking tags, a session token) or
 * null, so the cache stays a few megabytes whatever the requests carry.
 */
export const VERIFIED_LIMIT = 10_000;

const cache = new Map<string, SiteCookies>();

/** The site's cookies for a list of secrets (newest first), on http or https; built once each. */
export function siteCookies(secrets: readonly string[], secure = false): SiteCookies {
  const cacheKey = `${secure}\n${secrets.join("\n")}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const made = new Map<CookiePurpose, Cookie>();
  const cookie = (purpose: CookiePurpose) => {
    let found = made.get(purpose);
    if (!found) {
      found = createCookie(cookieName(purpose, secure), {
        path: "/",
        sameSite: "lax",
        httpOnly: true,
        secure,
        maxAge: maxAge[purpose],
        secrets: secrets.map((secret) => purposeKey(secret, purpose)),
      });
      made.set(purpose, found);
    }
    return found;
  };
  const built: SiteCookies = {
    cookie,
    toasts: createToastStorage(cookie("toast")),
    verified: new Map(),
  };
  cache.set(cacheKey, built);
  return built;
}

function createToastStorage(cookie: Cookie) {
  return createCookieSessionStorage<Record<string, never>, { toast: ToastMessage }>({ cookie });
}

/**
 * Reads a signed cookie value of a purpose; null when absent, tampered or signed for another
 * purpose. Checking a signature costs about 100 µs (a key import and an HMAC: measured 92-102 µs
 * per `parse` on this machine's Node 20, valid or not), on every request of a returning browser,
 * for the same value each time: the answer for a value is remembered, most recently used first
 * (the last 10,000 values per purpose). The key is a hash of that one cookie's value, never the
 * whole Cookie header, which the client can make as large and as varied as it likes.
 */
export async function readCookie(
  secrets: readonly string[],
  purpose: CookiePurpose,
  cookieHeader: string | null | undefined,
  secure = false,
): Promise<unknown> {
  const cookies = siteCookies(secrets, secure);
  const name = cookieName(purpose, secure);
  const raw = cookieValueOf(cookieHeader, name);
  if (raw === null) return null;
  const key = `${purpose}:${createHash("sha256").update(raw).digest("base64url")}`;
  if (cookies.verified.has(key)) {
    const known = cookies.verified.get(key);
    cookies.verified.delete(key);
    cookies.verified.set(key, known);
    return structuredClone(known);
  }
  // Only the one cookie is verified, so the answer depends on nothing but the hashed bytes.
  const value: unknown = (await cookies.cookie(purpose).parse(`${name}=${raw}`)) ?? null;
  if (cookies.verified.size >= VERIFIED_LIMIT)
    cookies.verified.delete(cookies.verified.keys().next().value!);
  cookies.verified.set(key, value);
  return structuredClone(value);
}

/**
 * The raw value of the first cookie of a name in a Cookie header (or a Set-Cookie line), as the
 * `cookie` package that React Router parses with finds it: pairs split at `;`, name and value
 * trimmed, the first of a name wins. Null when there is none.
 */
export function cookieValueOf(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0) continue;
    if (pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return null;
}

/** A Set-Cookie header for a purpose; `null` clears the cookie. */
export function writeCookie(
  secrets: readonly string[],
  purpose: CookiePurpose,
  value: unknown,
  secure: boolean,
): Promise<string> {
  const cookie = siteCookies(secrets, secure).cookie(purpose);
  return value === null
    ? cookie.serialize("", { secure, maxAge: 0 })
    : cookie.serialize(value, { secure });
}

/** A signed cookie that holds a string (a session token, a person id) for this request, or null. */
export async function readRequestString(
  request: Request,
  context: AppContext,
  purpose: CookiePurpose,
): Promise<string | null> {
  const value = await readCookie(
    context.services.config.sessionSecrets,
    purpose,
    request.headers.get("cookie"),
    context.secure,
  );
  return typeof value === "string" ? value : null;
}
