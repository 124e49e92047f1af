import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { nav, site } from "~/content/site";

const MENU_ID = "site-menu";

/** Section links go home and land on their anchor: a plain link does both, with or without JS. */
const sectionLinks = [
  { label: nav.home, href: "/", home: true },
  { label: nav.program, href: "/#program", home: false },
  { label: nav.successStories, href: "/#testimonials", home: false },
];

/**
 * The site's navigation, in plain HTML on every page. The phone menu is a native popover: it
 * opens, closes and closes on Escape without JavaScript; the page's enhancement closes it after
 * any menu action and keeps its label in step (app/enhance/enhance-page.ts).
 */
export function SiteNav() {
  const items = (layout: "row" | "stack") => (
    <>
      {sectionLinks.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            data-home={link.home ? "" : undefined}
            className={
              layout === "row"
                ? "rounded px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700"
                : "block rounded px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
            }
          >
            {link.label}
          </a>
        </li>
      ))}
      <li>
        <a
          href="/apply"
          className={
            layout === "row"
              ? cn(buttonVariants({ size: "md" }), "ml-2")
              : cn(buttonVariants({ size: "lg" }), "mt-2 flex")
          }
        >
          {nav.applyNow}
        </a>
      </li>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={nav.label}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4"
      >
        <a href="/" data-home="" className="text-lg font-bold text-brand-900">
          {site.name}
        </a>
        <ul className="hidden items-center md:flex">{items("row")}</ul>
        <Button
          variant="ghost"
          size="icon"
          data-menu-toggle=""
          popoverTarget={MENU_ID}
          aria-controls={MENU_ID}
          aria-label={nav.openMenu}
          className="group md:hidden"
        >
          <svg
            aria-hidden="true"
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path className="group-aria-expanded:hidden" d="M4 7h16M4 12h16M4 17h16" />
            <path className="hidden group-aria-expanded:inline" d="M6 6l12 12M18 6L6 18" />
          </svg>
        </Button>
      </nav>
      {/* In the top layer, under the bar: opening or closing it never moves the page. */}
      <div
        id={MENU_ID}
        popover="auto"
        className="inset-x-0 top-16 bottom-auto m-0 w-full max-w-none border-0 border-t border-slate-200 bg-white px-4 pb-4 shadow-lg md:hidden"
      >
        <ul className="flex flex-col pt-2">{items("stack")}</ul>
      </div>
    </header>
  );
}
