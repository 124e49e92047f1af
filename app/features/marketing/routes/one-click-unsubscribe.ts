import { redirect } from "react-router";
import { readFormData } from "~/lib/form.server";
import { oneClickAnswers } from "~/features/marketing/marketing.words";
import { isOneClickBody, unsubscribeChoicePath } from "~/features/marketing/marketing";
import { unsubscribe } from "~/features/marketing/unsubscribe.server";
import type { Route } from "./+types/one-click-unsubscribe";

/**
 * The address in every marketing email's `List-Unsubscribe` header and footer link.
 *
 * A resource route on purpose: mail providers' one-click unsubscribe (RFC 8058) posts
 * `List-Unsubscribe=One-Click` here from their own servers, with no cookie and any Origin or
 * none. React Router refuses a post to a page (a UI route) whose Origin is another site's, and
 * its `allowedActionOrigins` cannot name every provider; it leaves resource routes to the app.
 * So this route takes that one body and nothing else, and server/app.ts exempts this one path
 * (UNSUBSCRIBE_PATH) from the origin check, for the reason written there. The random token in the
 * path is the whole authority, and all it can do is stop marketing mail.
 *
 * Opening the link (a GET, as mail scanners do too) changes nothing: it goes to the page that
 * asks (unsubscribe.tsx), whose own form posts stay under both origin checks.
 */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(unsubscribeChoicePath(params.token));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await readFormData(request);
  // Any other post (a page opened before this address took one-click only) asks again.
  if (!isOneClickBody(form)) return redirect(unsubscribeChoicePath(params.token), 303);
  const found = await unsubscribe(services.db, params.token, "all", services.clock.now());
  return new Response(found ? oneClickAnswers.done : oneClickAnswers.unknown, {
    status: found ? 200 : 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
