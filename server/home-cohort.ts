import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { readCohortAnnouncement } from "../app/cohort/announcement.server";
import { CohortLine } from "../app/components/cohort-line";
import type { CohortAnnouncement } from "../app/domain/cohort";
import type { Services } from "../app/services.server";
import type { LiveFragment } from "./prerendered-home";

const lineMarkup = (announcement: CohortAnnouncement | null) =>
  renderToStaticMarkup(createElement(CohortLine, { announcement }));

/**
 * The home page's cohort line as a live fragment of the prerendered page: the build rendered it
 * without a server (the general line, `null`); a request reads the current cohort and its held
 * seats and gets the line as the page's own component renders it.
 *
 * The read waits for the end of the event loop's current turn, so the requests taken in that turn
 * share it (SQLite answers within a turn, so nothing else could), and requests that arrive while
 * it is under way share it too (PostgreSQL's round trip): a burst costs one read, and no answer
 * is older than one read's duration. The last line's markup is kept, so an unchanged line is not
 * rendered again.
 */
export function cohortLineFragment(services: Services): LiveFragment {
  let reading: Promise<string> | null = null;
  let last = { key: "", markup: "" };
  const read = async () => {
    const announcement = await readCohortAnnouncement(services);
    const key = JSON.stringify(announcement);
    if (key !== last.key) last = { key, markup: lineMarkup(announcement) };
    return last.markup;
  };
  return {
    fallback: lineMarkup(null),
    current: () =>
      (reading ??= new Promise((resolve) => setImmediate(resolve)).then(read).finally(() => {
        reading = null;
      })),
  };
}
