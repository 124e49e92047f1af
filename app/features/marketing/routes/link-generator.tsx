import { useId } from "react";
import { LinkForm } from "~/features/marketing/link-form";
import { LinkResults } from "~/features/marketing/link-results";
import { useLinkForm } from "~/features/marketing/use-link-form";
import { linkGeneratorPage as copy } from "~/features/marketing/link-destinations.words";
import { generateFromQuery } from "~/features/marketing/links";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/link-generator";

/**
 * The form is GET: the server reads the query, checks it and builds the links, so the page works
 * without JavaScript and its URL can be shared. The browser adds Copy, the toast and QR codes
 * (PNG downloads named after the destination and the ID).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return generateFromQuery(context.services.config.publicUrl, new URL(request.url).searchParams);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta(copy.metaTitle, copy.metaDescription),
  { name: "robots", content: "noindex" },
];

export default function LinkGenerator({ loaderData }: Route.ComponentProps) {
  const form = useLinkForm(loaderData);
  const baseId = useId();
  // Links made for the other platform are never left on screen to be copied.
  const result = loaderData.result?.platform === form.platform ? loaderData.result : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 md:py-16" aria-labelledby="link-gen-title">
      <h1 id="link-gen-title" className="text-3xl font-extrabold tracking-tight text-brand-900">
        {copy.title}
      </h1>
      <p className="mt-3 text-slate-700">{copy.intro}</p>
      <LinkForm form={form} baseId={baseId} />
      <p role="status" className="sr-only">
        {result
          ? [copy.generated(result.links.length), form.warning].filter(Boolean).join(" ")
          : ""}
      </p>
      {result && <LinkResults result={result} hydrated={form.hydrated} baseId={baseId} />}
    </section>
  );
}
