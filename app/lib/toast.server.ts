import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import type { AppContext } from "~/context";
import { cookieName, siteCookies } from "./cookies.server";
import type { ShownToast, ToastMessage } from "./toast";

/**
 * Post/redirect/get with a flash toast (the Epic Stack's `redirectWithToast`): a successful state
 * change answers 303 to the page to show next, and the toast rides along in a one-time cookie
 * that the root loader reads and clears. A refresh after a success never posts again.
 */
export async function redirectWithToast(
  context: AppContext,
  url: string,
  toast: ToastMessage,
  headers?: HeadersInit,
): Promise<Response> {
  const { toasts } = siteCookies(context.services.config.sessionSecrets, context.secure);
  const session = await toasts.getSession();
  session.flash("toast", toast);
  const merged = new Headers(headers);
  merged.append("Set-Cookie", await toasts.commitSession(session, { secure: context.secure }));
  return redirect(url, { status: 303, headers: merged });
}

/** The page a form was posted from, with its query, to return to after a change. */
export function samePage(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The flash toast of this request (shown once) and the header that clears it. */
export async function takeToast(
  request: Request,
  context: AppContext,
): Promise<{ toast: ShownToast | null; setCookie: string | null }> {
  const header = request.headers.get("cookie");
  // No flash cookie: nothing to read.
  if (!header?.includes(`${cookieName("toast", context.secure)}=`))
    return { toast: null, setCookie: null };
  const { toasts } = siteCookies(context.services.config.sessionSecrets, context.secure);
  const session = await toasts.getSession(header);
  const toast = session.get("toast");
  return {
    toast: toast ? { ...toast, id: randomUUID() } : null,
    setCookie: await toasts.destroySession(session, { secure: context.secure }),
  };
}
