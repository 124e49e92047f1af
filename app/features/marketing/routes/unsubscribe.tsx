import { data, Form, Link } from "react-router";
import { BackPage } from "~/components/back-page";
import { Button } from "~/components/ui/button";
import { linkVariants } from "~/components/ui/link";
import { unsubscribePage as t, unsubscribeToasts } from "~/features/marketing/marketing.words";
import { site } from "~/content/site";
import { unsubscribeChoicePath } from "~/features/marketing/marketing";
import { findByUnsubscribeToken, unsubscribe } from "~/features/marketing/unsubscribe.server";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { readFormData } from "~/lib/form.server";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: `${t.metaTitle} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

type Done = "all" | "news";

/**
 * The page behind every marketing email's unsubscribe link (one-click-unsubscribe.ts sends the
 * link here). Opening it changes nothing (mail scanners open links): the page asks, with one
 * button to unsubscribe and one to keep cohort news only. Its form posts are the browser's own,
 * so they stay under the origin checks. An unknown token answers 404 and changes nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const person = await findByUnsubscribeToken(context.services.db, params.token);
  // The page answers an unknown link itself ("this link is not valid"), with the 404 status.
  // eslint-disable-next-line no-restricted-syntax
  if (!person) return data({ state: "unknown" as const }, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  const state: "ask" | Done = done === "all" || done === "news" ? done : "ask";
  return { state, email: person.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await readFormData(request);
  const choice = form.get("intent") === "news_only" ? "news_only" : "all";
  const found = await unsubscribe(services.db, params.token, choice, services.clock.now());
  // eslint-disable-next-line no-restricted-syntax
  if (!found) return data({ state: "unknown" as const }, { status: 404 });
  const done: Done = choice === "all" ? "all" : "news";
  const toast = choice === "all" ? unsubscribeToasts.done : unsubscribeToasts.newsOnly;
  return redirectWithToast(
    context,
    `${unsubscribeChoicePath(params.token)}?done=${done}`,
    success(toast.title, toast.description),
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "unknown")
    return (
      <BackPage to="/" back={site.name} title={t.notFoundTitle}>
        <p className="mt-3 text-slate-700">{t.notFoundBody}</p>
      </BackPage>
    );
  if (state !== "ask")
    return (
      <BackPage to="/" back={site.name} title={state === "all" ? t.doneTitle : t.newsOnlyTitle}>
        <p className="mt-3 text-slate-700">{state === "all" ? t.doneBody : t.newsOnlyBody}</p>
        <p className="mt-6">
          <Link reloadDocument to="/" className={linkVariants({ weight: "medium" })}>
            {t.home}
          </Link>
        </p>
      </BackPage>
    );
  return (
    <BackPage to="/" back={site.name} title={t.title}>
      <p className="mt-3 text-slate-700">
        {"email" in loaderData ? t.intro(loaderData.email) : null}
      </p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="unsubscribe">
          {t.confirm}
        </Button>
        <Button type="submit" name="intent" value="news_only" variant="secondary">
          {t.newsOnly}
        </Button>
      </Form>
    </BackPage>
  );
}
