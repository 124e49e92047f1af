import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";
import { zoneNote as t } from "~/content/portal-student";

/**
 * Which zone the times around it are in. Unsaved, it names the site's zone and asks for the
 * student's own; with `followBrowser`, the page's enhancement redraws the `<time data-local-time>`
 * elements in the browser's zone and says so (decision 0053). Never the site's zone unannounced.
 */
export function ZoneNote({
  zone,
  saved,
  saveHref = "/portal/profile",
  followBrowser = false,
}: {
  zone: string;
  saved: boolean;
  saveHref?: string;
  followBrowser?: boolean;
}) {
  return (
    <p
      className="mt-2 text-sm text-slate-700"
      data-zone-note={saved ? "saved" : "site"}
      data-zone={zone}
      data-follow-browser={!saved && followBrowser ? "" : undefined}
      data-browser-text={!saved && followBrowser ? t.browser : undefined}
    >
      <span data-zone-text="">{saved ? t.saved(zone) : t.site(zone)}</span>
      {!saved && (
        <>
          {" "}
          <Link to={saveHref} className={linkVariants({ size: "sm" })}>
            {t.save}
          </Link>
        </>
      )}
    </p>
  );
}
