import { LeadForm } from "~/components/lead-form";
import { pageMeta } from "~/lib/meta";
import { LeadConfirmation } from "~/components/lead-page";
import {
  leadMagnets,
  leadSuccess,
  resourceFileTitles,
  resourceFormatLabels,
  resourceLibraryPage as page,
} from "~/content/lead-magnets";
import { site } from "~/content/site";
import { leadAction, wasSent } from "~/leads/lead-action.server";
import { useActionToast } from "~/lib/toast";
import { resourceFormats, resourcePath } from "~/resources/formats";
import type { Route } from "./+types/resource-library";

export function loader({ request }: Route.LoaderArgs) {
  return { sent: wasSent(request) };
}

export function action({ request, context }: Route.ActionArgs) {
  return leadAction({ request, context }, "resource_library");
}

export const meta: Route.MetaFunction = () => pageMeta(page.metaTitle);

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

const primaryClass = "bg-brand-700 text-white hover:bg-brand-900";
const secondaryClass = "border border-brand-700 bg-white text-brand-700 hover:bg-brand-50";

export default function ResourceLibrary({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {page.eyebrow}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-brand-900 md:text-4xl">
            {page.headline}
          </h1>
          <p className="mt-5 max-w-3xl text-lg text-slate-700">{page.intro}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {page.items.map((item) => {
              const title = resourceFileTitles[item.key];
              const formats = resourceFormats[item.key];
              return (
                <li
                  key={item.key}
                  data-resource={item.key}
                  className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {formats
                      .map((format) => resourceFormatLabels[format].name)
                      .join(page.formatSeparator)}
                  </p>
                  <h2 className="mt-1 text-xl font-semibold text-brand-900">{title}</h2>
                  <p className="mt-2 flex-1 text-slate-700">{item.description}</p>
                  <div className="mt-5 flex flex-wrap gap-3">
                    {formats.map((format, i) => (
                      <a
                        key={format}
                        href={resourcePath(item.key, format)}
                        target="_blank"
                        rel="noopener"
                        className={`${buttonClass} ${i === 0 ? primaryClass : secondaryClass}`}
                      >
                        {resourceFormatLabels[format].download}
                        {/* Screen readers list links out of their card, so each names its file. */}
                        <span className="sr-only">
                          {" "}
                          ({title}, {page.newTab})
                        </span>
                      </a>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="tutorials-title">
        <h2 id="tutorials-title" className="text-2xl font-bold text-brand-900">
          {page.tutorialsTitle}
        </h2>
        <p className="mt-2 text-slate-700">{page.tutorialsBody}</p>
        <a
          href={site.videoChannelUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass} mt-5 border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`}
        >
          {page.tutorialsButton}
          <span className="sr-only"> ({page.newTab})</span>
        </a>
      </section>

      <section className="mx-auto max-w-3xl px-4 pb-16" aria-labelledby="email-all-title">
        {loaderData.sent ? (
          <LeadConfirmation
            title={leadSuccess.title}
            body={leadSuccess.body(leadMagnets.resource_library.sentItem)}
            level={2}
          />
        ) : (
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="email-all-title" className="text-2xl font-bold text-brand-900">
              {page.emailTitle}
            </h2>
            <p className="mt-2 text-slate-700">{page.emailIntro}</p>
            <div className="mt-5">
              <LeadForm actionData={actionData} />
            </div>
          </div>
        )}
      </section>
    </>
  );
}
