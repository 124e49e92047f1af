import { cohortLine } from "./home.words";
import type { CohortAnnouncement } from "~/features/cohort/cohort";

/**
 * The home page's line about the current cohort (`null`: it could not be read, so the general
 * line, which claims nothing).
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
