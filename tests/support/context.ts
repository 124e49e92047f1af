import {
  requestContext,
  type AppContext,
  type RequestContext,
  type Services,
} from "../../app/context";
import { cookieName, siteCookies } from "../../app/lib/cookies.server";
import type { ToastMessage } from "../../app/lib/toast";

/** A request's context as the server builds it (`requestContext`), with a test's own fields. */
export function makeContext(
  services: Services,
  overrides: Partial<Omit<RequestContext, "services">> = {},
): AppContext {
  return requestContext({
    services,
    nonce: "test-nonce",
    visitorId: overrides.visitorId === undefined ? "visitor-1" : overrides.visitorId,
    attribution: overrides.attribution ?? null,
    ip: overrides.ip ?? "127.0.0.1",
    secure: overrides.secure ?? false,
    requestId: "test-request",
  });
}

/** A form POST as the browser sends it. */
export function formRequest(
  path: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers });
}

/** Calls a route module's loader or action the way React Router does. */
export async function callAction<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  action: (args: any) => Promise<T>,
  request: Request,
  context: AppContext,
  params: Record<string, string> = {},
): Promise<T> {
  const url = new URL(request.url);
  return action({ request, context, params, url, pattern: url.pathname });
}

/** Unwraps React Router's data() or a Response into status and body. */
export async function unwrap(
  result: unknown,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: text ? safeJson(text) : null, headers: result.headers };
  }
  const maybe = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (maybe && maybe.type === "DataWithResponseInit") {
    return {
      status: maybe.init?.status ?? 200,
      body: maybe.data,
      headers: new Headers(maybe.init?.headers),
    };
  }
  return { status: 200, body: result, headers: new Headers() };
}

function safeJson(text: string) {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The flash toast a redirect carries in its Set-Cookie, as the next page would show it. */
export async function flashToastOf(
  response: { headers: Headers },
  services: Services,
): Promise<ToastMessage | null> {
  const header = response.headers.get("set-cookie") ?? "";
  const cookie = header
    .split(/,(?=\s*[\w-]+=)/)
    .map((part) => part.trim().split(";")[0]!)
    .find((pair) => pair.startsWith(`${cookieName("toast")}=`));
  if (!cookie) return null;
  const session = await siteCookies(services.config.sessionSecrets).toasts.getSession(cookie);
  return session.get("toast") ?? null;
}

/** The action data a refused form answers with: its field errors and its toast. */
export interface FormActionBody {
  result: { error?: Record<string, string[]> } | null;
  toast?: { title: string; description: string; durationMs?: number; variant?: string };
}

/** The toast a public form shows for seven seconds when it cannot take a submission. */
export const errorToast = (description: string) => ({
  title: "Error",
  description,
  durationMs: 7000,
});

/** What the browser gets from a form action, as a test of a public form looks at it. */
export async function formOutcome(result: unknown, services: Services) {
  const response = await unwrap(result);
  return {
    status: response.status,
    /** Where a redirect sends the browser; null when the action answered with data. */
    location: response.headers.get("location"),
    /** The toast the next page shows (successes), from the flash cookie. */
    flash: await flashToastOf(response, services),
    /** The action data (failures): field errors and the toast. */
    body: response.body as FormActionBody,
  };
}
