import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { SectionNav } from "~/components/ui/section-nav";
import { ADMIN_LOGIN_PATH } from "~/features/accounts/paths";
import { cohortSettingsPage } from "~/features/cohort/cohort-settings.words";
import { consoleText } from "~/content/console";
import { jobsText } from "~/features/ops/jobs.words";
import { funnelText } from "~/features/analytics/funnel.words";
import { mentorsConsole } from "~/features/mentors/mentors.words";
import { codesConsole } from "~/features/discounts/codes-console.words";
import { planSettingsPage } from "~/features/payment-plans/plans.words";
import { moneyText } from "~/features/money/money.words";
import { outcomesText } from "~/features/outcomes/outcomes.words";
import { programConsole } from "~/features/coursework/program.words";
import { site } from "~/content/site";
import { testimonialsConsole } from "~/features/outcomes/testimonials.words";
import { businessText } from "~/features/receipts/receipts.words";
import { Button } from "./ui/button";

const links = [
  { to: "/admin", label: consoleText.nav.dashboard, end: true },
  { to: "/admin/people", label: consoleText.nav.people, end: false },
  { to: "/admin/resumes", label: consoleText.nav.resumes, end: false },
  { to: "/admin/funnel", label: funnelText.nav, end: false },
  { to: "/admin/outcomes", label: outcomesText.nav, end: false },
  { to: "/admin/attribution", label: consoleText.nav.attribution, end: false },
  { to: "/admin/emails", label: consoleText.nav.emails, end: false },
  { to: "/admin/cohorts", label: consoleText.nav.cohorts, end: false },
  { to: "/admin/program", label: programConsole.nav, end: false },
  { to: "/admin/mentors", label: mentorsConsole.nav, end: false },
  { to: "/admin/codes", label: codesConsole.nav, end: false },
  { to: "/admin/payment-plan", label: planSettingsPage.title, end: false },
  { to: "/admin/money", label: moneyText.nav, end: false },
  { to: "/admin/testimonials", label: testimonialsConsole.nav, end: false },
  { to: "/admin/broadcasts", label: consoleText.nav.broadcasts, end: false },
  { to: "/admin/sequences", label: consoleText.nav.sequences, end: false },
  { to: "/admin/jobs", label: jobsText.nav, end: false },
  { to: "/admin/business", label: businessText.nav, end: true },
  { to: ADMIN_LOGIN_PATH, label: consoleText.nav.cohort, end: true },
];

/**
 * The site's header while the owner is signed in to the console (the root renders it in place of
 * the public one): the console's sections and sign-out, no "Apply Now".
 */
export function ConsoleHeader({ email }: { email: string }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "logout";
  return (
    <header className="border-b border-slate-200 bg-white" data-testid="console-header">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 pt-3">
        <a href="/admin" className="text-lg font-bold text-brand-900">
          {site.name}
        </a>
        <Form
          method="post"
          action={ADMIN_LOGIN_PATH}
          className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700"
        >
          {/* On a phone the header keeps to two rows: the address shows from `sm` up. */}
          <span className="hidden min-w-0 wrap-anywhere sm:inline">
            {cohortSettingsPage.signedInAs} <strong>{email}</strong>
          </span>
          <input type="hidden" name="intent" value="logout" />
          <Button type="submit" variant="outline" size="md" disabled={loggingOut}>
            {loggingOut ? cohortSettingsPage.loggingOut : cohortSettingsPage.logout}
          </Button>
        </Form>
      </div>
      <div className="mx-auto max-w-6xl px-3 py-2">
        <SectionNav label={consoleText.navLabel} links={links} />
      </div>
    </header>
  );
}

/** The owner's console frame, rendered once by the admin layout (its header is ConsoleHeader). */
export function AdminShell({ children }: { children: ReactNode }) {
  // Long words (an address, a link, a file name) break rather than widen a phone's page.
  return <div className="mx-auto max-w-6xl min-w-0 px-4 py-8 wrap-break-word">{children}</div>;
}

/** A console page: its title and content inside the shell. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </>
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
