import { privacyPage as page, type PrivacyItem } from "~/features/site/privacy.words";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.services;
  return {
    figures: {
      resumeKeepDays: config.resumeKeepDays,
      visitorIdKeepDays: config.visitorIdKeepDays,
      analyticsRawDays: config.analytics ? config.analyticsRawDays : null,
      backupKeep: config.backupKeep,
      backupEveryHours: config.backupEveryHours,
      contactEmail: config.contactEmail,
    },
  };
}

export const meta: Route.MetaFunction = () => pageMeta(page.metaTitle, page.description);

function Items({ items }: { items: readonly PrivacyItem[] }) {
  return (
    <dl className="mt-4 space-y-4">
      {items.map((item) => (
        <div key={item.term}>
          <dt className="font-semibold text-brand-900">{item.term}</dt>
          <dd className="mt-1 text-slate-700">{item.text}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const sectionTitle = "mt-12 text-2xl font-bold text-brand-900";
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 md:text-4xl">
        {page.title}
      </h1>
      <p className="mt-5 text-lg text-slate-700">{page.intro}</p>

      <h2 className={sectionTitle}>{page.collectedTitle}</h2>
      <Items items={page.collected} />

      <h2 className={sectionTitle}>{page.keptTitle}</h2>
      <Items items={page.kept(figures)} />

      <h2 className={sectionTitle}>{page.rightsTitle}</h2>
      <p className="mt-4 text-slate-700">
        {page.rightsBefore}{" "}
        <a
          href={`mailto:${figures.contactEmail}`}
          className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          {figures.contactEmail}
        </a>{" "}
        {page.rightsAfter}
      </p>
    </article>
  );
}
