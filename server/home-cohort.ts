import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { readCohortAnnouncement } from "../app/cohort/announcement.server";
import { CohortLine } from "../app/components/cohort-line";
import type { CohortAnnouncement } from "../app/domain/cohort";
import type { Services } from "../app/services.server";
import type { LiveFragment } from "./prerendered-home";

/** How long GET / waits for the cohort before it sends the general line instead. */
export const LINE_READ_LIMIT_MS = 250;

const lineMarkup = (announcement: CohortAnnouncement | null) =>
  renderToStaticMarkup(createElement(CohortLine, { announcement }));

/**
 * The home page's cohort line as a live fragment of the prerendered page: the build rendered it
 * without a server (the general line, `null`); each request reads the current cohort and its held
 * seats and gets the line as the page's own component renders it. A database that does not answer
 * within LINE_READ_LIMIT_MS (an exhausted pool) costs the visitor the general line, never the page.
 */
export function cohortLineFragment(
  services: Pick<Services, "db" | "clock" | "config">,
  limitMs = LINE_READ_LIMIT_MS,
): LiveFragment {
  const fallback = lineMarkup(null);
  return {
    fallback,
    async current() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(fallback), limitMs);
      });
      const read = readCohortAnnouncement(services).then(lineMarkup);
      try {
        return await Promise.race([read, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
