import { useEffect, useId, useRef, useState, type FocusEvent, type MouseEvent } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { nav, site } from "~/content/site";
import { useGoToSection, type ScrollTarget } from "~/lib/scroll";

const sectionLinks: { label: string; target: ScrollTarget; href: string }[] = [
  { label: nav.home, target: "top", href: "/" },
  { label: nav.program, target: "program", href: "/#program" },
  { label: nav.successStories, target: "testimonials", href: "/#testimonials" },
];

export function SiteNav() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const goTo = useGoToSection();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next) && next !== toggleRef.current) setOpen(false);
  };

  const onSection = (target: ScrollTarget) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen(false);
    goTo(target);
  };

  const items = (layout: "row" | "stack") => (
    <>
      {sectionLinks.map((link) => (
        <li key={link.target}>
          <a
            href={link.href}
            onClick={onSection(link.target)}
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
        <Link
          to="/apply"
          onClick={() => setOpen(false)}
          className={
            layout === "row"
              ? cn(buttonVariants({ size: "md" }), "ml-2")
              : cn(buttonVariants({ size: "lg" }), "mt-2 flex")
          }
        >
          {nav.applyNow}
        </Link>
      </li>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={nav.label}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4"
      >
        <a href="/" onClick={onSection("top")} className="text-lg font-bold text-brand-900">
          {site.name}
        </a>
        <ul className="hidden items-center md:flex">{items("row")}</ul>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          ref={toggleRef}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? nav.closeMenu : nav.openMenu}
          onClick={() => setOpen((value) => !value)}
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
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </Button>
      </nav>
      {/* Overlays the page, so opening or closing it never moves the content being scrolled to. */}
      <div
        id={menuId}
        hidden={!open}
        onBlur={closeWhenFocusLeaves}
        className="absolute inset-x-0 top-full border-t border-slate-200 bg-white px-4 pb-4 shadow-lg md:hidden"
      >
        <ul className="flex flex-col pt-2">{items("stack")}</ul>
      </div>
    </header>
  );
}
