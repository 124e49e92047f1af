import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { readCohortAnnouncement } from "../app/features/cohort/announcement.server";
import { CohortLine } from "../app/features/site/cohort-line";
import type { Services } from "../app/context";
import { liveFragments, type LiveFragments } from "./prerendered-home";

/** How long GET / waits for its live parts before it sends the build's instead. */
export const LINE_READ_LIMIT_MS = 250;

/**
 * The home page's cohort line as a live fragment of the prerendered page: the build rendered it
 * without a server (the general line, `null`); each request reads the current cohort and its held
 * seats and gets the line as the page's own component renders it.
 */
export function cohortLineFragment(
  services: Pick<Services, "db" | "clock" | "config">,
  limitMs = LINE_READ_LIMIT_MS,
): LiveFragments {
  return liveFragments({
    read: () => readCohortAnnouncement(services),
    render: (announcement) => [renderToStaticMarkup(createElement(CohortLine, { announcement }))],
    limitMs,
  });
}
