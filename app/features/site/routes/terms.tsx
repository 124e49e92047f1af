import { refundPolicy, termsPage as page } from "~/content/policies";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => pageMeta(page.metaTitle, page.description);

// Words only: no JavaScript.
export const handle = staticPage;

export default function Terms() {
  const sectionTitle = "mt-10 text-2xl font-bold text-brand-900";
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 md:text-4xl">
        {page.title}
      </h1>
      <p className="mt-3 text-sm text-slate-600">{page.updated}</p>
      {page.sections.slice(0, 1).map((section) => (
        <section key={section.title}>
          <h2 className={sectionTitle}>{section.title}</h2>
          <p className="mt-3 text-slate-700">{section.text}</p>
        </section>
      ))}
      <section id="refunds">
        <h2 className={sectionTitle}>{refundPolicy.title}</h2>
        <dl className="mt-4 space-y-4">
          {refundPolicy.rules.map((rule) => (
            <div key={rule.term}>
              <dt className="font-semibold text-brand-900">{rule.term}</dt>
              <dd className="mt-1 text-slate-700">{rule.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-slate-700">{refundPolicy.how}</p>
      </section>
      {page.sections.slice(1).map((section) => (
        <section key={section.title}>
          <h2 className={sectionTitle}>{section.title}</h2>
          <p className="mt-3 text-slate-700">{section.text}</p>
        </section>
      ))}
      <p className="mt-10 text-slate-700">
        {page.contact}{" "}
        <a
          href={`mailto:${site.contactEmail}`}
          className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {site.contactEmail}
        </a>
        .
      </p>
    </article>
  );
}
