import { LeadForm } from "~/features/leads/lead-capture";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import { HeroHeading } from "~/components/hero-heading";
import { LeadConfirmation } from "~/features/leads/lead-page";
import { buttonVariants } from "~/components/ui/button";
import { Card, cardClass } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import {
  leadMagnets,
  leadSuccess,
  resourceFileTitles,
  resourceFormatLabels,
  resourceLibraryPage as page,
} from "~/features/leads/lead-magnets.words";
import { site } from "~/content/site";
import { readGraduationYearInForce } from "~/features/cohort/cohort.server";
import { leadAction, wasSent } from "~/features/leads/lead-action.server";
import { resourceFormats, resourcePath } from "~/features/resources/formats";
import type { Route } from "./+types/resource-library";

/** A lead page works in plain HTML: no framework JavaScript (app/lib/page-handle.ts). */
export const handle = staticPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    sent: wasSent(request),
    earliestYear: await readGraduationYearInForce(context.services),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return leadAction({ request, context }, "resource_library");
}

export const meta: Route.MetaFunction = () => pageMeta(page.metaTitle);

/** The first download of a resource is the main one; the others and the tutorials are outlined. */
const downloadButton = (primary: boolean) =>
  buttonVariants({ variant: primary ? "primary" : "outline", size: "touch" });

export default function ResourceLibrary({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
          <HeroHeading eyebrow={page.eyebrow} title={page.headline} />
          <p className="mt-5 max-w-3xl text-lg text-slate-700">{page.intro}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {page.items.map((item) => {
              const title = resourceFileTitles[item.key];
              const formats = resourceFormats[item.key];
              return (
                <li
                  key={item.key}
                  data-resource={item.key}
                  className={cn(cardClass, "flex flex-col")}
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
                        className={downloadButton(i === 0)}
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
          className={cn(downloadButton(false), "mt-5")}
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
            resourceType="resource_library"
            level={2}
          />
        ) : (
          <Card>
            <h2 id="email-all-title" className="text-2xl font-bold text-brand-900">
              {page.emailTitle}
            </h2>
            <p className="mt-2 text-slate-700">{page.emailIntro}</p>
            <div className="mt-5">
              <LeadForm actionData={actionData} earliestYear={loaderData.earliestYear} />
            </div>
          </Card>
        )}
      </section>
    </>
  );
}
