import { NavLink } from "react-router";
import { cn } from "./cn";

export interface SectionLink {
  to: string;
  label: string;
  /** Active only on this exact path (not on the pages under it). */
  end: boolean;
  /** A place on a page (`/portal#calendar`): a plain link, never shown as the current page. */
  anchor?: boolean;
}

const linkClass = "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap";
const idleClass = "text-slate-700 hover:bg-slate-100";

/**
 * A frame's row of section links (the console's, the portal's), the current one filled. On a
 * phone it is one row that scrolls sideways (the console has 15 sections: wrapped, they took five
 * rows above every page); from `sm` up it wraps.
 */
export function SectionNav({ label, links }: { label: string; links: readonly SectionLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible">
        {links.map((link) => (
          <li key={link.to}>
            {link.anchor ? (
              <a href={link.to} className={cn(linkClass, idleClass)}>
                {link.label}
              </a>
            ) : (
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(linkClass, isActive ? "bg-brand-700 text-white" : idleClass)
                }
              >
                {link.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
