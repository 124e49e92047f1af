import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";
import { zoneNote as t } from "./portal-student.words";
import type { ZoneSource } from "./reader-zone";

/**
 * Which zone the times around it are in, and where that zone comes from (decision 0055): the
 * student's saved zone; unsaved, their browser's, else the site's, each with a prompt to save
 * their own. With `followBrowser`, the page's enhancement sends the browser's zone to the server
 * and redraws a page drawn in another. Never the site's zone unannounced.
 */
export function ZoneNote({
  zone,
  from,
  saveHref = "/portal/profile",
  followBrowser = false,
}: {
  zone: string;
  from: ZoneSource;
  saveHref?: string;
  followBrowser?: boolean;
}) {
  return (
    <p
      className="mt-2 text-sm text-slate-700"
      data-zone-note={from}
      data-zone={zone}
      data-follow-browser={from !== "saved" && followBrowser ? "" : undefined}
    >
      <span data-zone-text="">{t[from](zone)}</span>{" "}
      <Link to={saveHref} className={linkVariants({ size: "sm" })}>
        {from === "saved" ? t.change : t.save}
      </Link>
    </p>
  );
}
