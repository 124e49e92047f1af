import { cohortLine } from "./home.words";
import type { CohortAnnouncement } from "~/features/cohort/cohort";

/**
 * The home page's line about the current cohort. Its text is one text node, so the markup is
 * the same from React's stream (the page) and from renderToStaticMarkup (server/home-cohort.ts,
 * which puts this moment's line into the build's copy of the page).
 */
export function CohortLine({ announcement }: { announcement: CohortAnnouncement | null }) {
  return (
    <p
      className="mt-4 border-l-4 border-brand-600 pl-3 font-medium text-brand-900"
      data-cohort={announcement?.kind ?? "unknown"}
    >
      {cohortLine(announcement)}
    </p>
  );
}
