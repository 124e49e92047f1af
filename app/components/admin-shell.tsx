import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { ADMIN_LOGIN_PATH } from "~/admin/paths";
import { consoleText } from "~/content/console";

const links = [
  { to: "/admin", label: consoleText.nav.dashboard, end: true },
  { to: "/admin/people", label: consoleText.nav.people, end: false },
  { to: "/admin/resumes", label: consoleText.nav.resumes, end: false },
  { to: "/admin/attribution", label: consoleText.nav.attribution, end: false },
  { to: "/admin/emails", label: consoleText.nav.emails, end: false },
  { to: ADMIN_LOGIN_PATH, label: consoleText.nav.cohort, end: true },
];

/** The owner's console frame: section navigation, the page title, and sign-out. */
export function AdminShell({
  title,
  email,
  children,
}: {
  title: string;
  email: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <nav aria-label={consoleText.navLabel}>
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form
          method="post"
          action={ADMIN_LOGIN_PATH}
          className="flex items-center gap-3 text-sm text-slate-700"
        >
          <span>{email}</span>
          <input type="hidden" name="intent" value="logout" />
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100"
          >
            {consoleText.logout}
          </button>
        </Form>
      </div>
      <h1 className="mt-6 text-3xl font-bold text-brand-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-label={title}>
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Pager({
  page,
  pages,
  query,
}: {
  page: number;
  pages: number;
  query: URLSearchParams;
}) {
  const link = (target: number) => {
    const next = new URLSearchParams(query);
    next.set("page", String(target));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={consoleText.pagesLabel} className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <a href={link(page - 1)} className="font-medium text-brand-700 underline">
          {consoleText.previous}
        </a>
      ) : null}
      <span>{consoleText.pageOf(page, pages)}</span>
      {page < pages ? (
        <a href={link(page + 1)} className="font-medium text-brand-700 underline">
          {consoleText.next}
        </a>
      ) : null}
    </nav>
  );
}

/** A console table: a scrollable frame and a header row; callers render the body rows. */
export function DataTable({
  columns,
  children,
}: {
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
