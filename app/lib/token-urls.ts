/**
 * Addresses that carry a bearer token: whoever holds the address can act as the person it was
 * sent to (download their file, decline or claim their seat, unsubscribe them, and, to come,
 * sign in to the portal or read their calendar). Such an address is never logged whole and
 * its pages are never stored by a cache (`cacheControlFor`).
 */

/** A token's place in a path: the literal segments before it, matched case-insensitively. */
const TOKEN_PATHS: readonly (readonly string[])[] = [
  ["download"], // /download/:token/:format?
  ["offers"], // /offers/:token
  ["unsubscribe"], // /unsubscribe/:token, one-click; /unsubscribe/:token/choose, the page
  ["checkout", "test"], // /checkout/test/:sessionId, the test checkout's session
  ["checkout", "test-card"], // /checkout/test-card/:planId, a test plan's card update page
  ["portal", "login"], // reserved: the portal's emailed sign-in link
  ["calendar"], // reserved: /calendar/:token.ics, a student's calendar feed
];

/** Query parameters that carry a token, by path (the request log never writes a query). */
const TOKEN_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "/enroll": ["offer", "link"],
  "/payment-confirmation": ["session_id"],
};

/** What a token is written as. */
export const REDACTED = ":token";

/** Endings kept after a redacted token: React Router's data requests, calendar files. */
const KEPT_ENDING = /\.(?:data|ics)$/i;

/**
 * A path as it may be logged: the token segment of a token address replaced by `:token`
 * (`/offers/:token`, `/download/:token/pdf`, `/calendar/:token.ics`). The address is matched
 * as React Router matches it (any case, percent-decoded, repeated slashes ignored), so no
 * spelling of a token address escapes; any other path is returned as it came.
 */
export function redactTokens(path: string): string {
  const segments = path.split("/").filter((segment) => segment !== "");
  const names = segments.map(decodedLowerCase);
  for (const literals of TOKEN_PATHS) {
    const at = literals.length;
    if (segments.length <= at || !literals.every((literal, i) => names[i] === literal)) continue;
    const ending = KEPT_ENDING.exec(segments[at]!)?.[0] ?? "";
    return ["", ...literals, REDACTED + ending.toLowerCase(), ...segments.slice(at + 1)].join("/");
  }
  return path;
}

/** Whether an address (path and query) carries a token. */
export function carriesToken(url: string): boolean {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  if (redactTokens(path) !== path) return true;
  if (query < 0) return false;
  const page = "/" + path.split("/").filter(Boolean).map(decodedLowerCase).join("/");
  const params = TOKEN_PARAMS[page.replace(/\.data$/, "")];
  if (!params) return false;
  const search = new URLSearchParams(url.slice(query + 1));
  return params.some((name) => search.has(name));
}

function decodedLowerCase(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** Kept by no cache, shared or the browser's own: a page for one person, or one browser. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * The Cache-Control a response must have, overriding whatever it was given, or null to keep
 * its own. A page whose address carries a token shows or does what only the token's holder may
 * (an email address, a seat), and a response that sets a cookie hands out an identity (the
 * visitor id, a session, the applicant): a cache that kept either would give it to the next
 * person who asks, and a browser's back button would show it after a sign-out.
 */
export function cacheControlFor(url: string, setsCookie: boolean): string | null {
  return setsCookie || carriesToken(url) ? PRIVATE_NO_STORE : null;
}
