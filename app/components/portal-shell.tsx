import type { ReactNode } from "react";
import { Form } from "react-router";
import { SectionNav, type SectionLink } from "~/components/ui/section-nav";
import { availabilityText, bookingText } from "~/features/bookings/bookings.words";
import { interviewsText } from "~/features/outcomes/interviews.words";
import { jobSearchText } from "~/features/job-search/job-search.words";
import { networkingText } from "~/features/job-search/networking.words";
import { boardText } from "~/features/job-search/mentor-board.words";
import { portalReceiptsText } from "~/features/receipts/receipts.words";
import { portalSignIn, portalNav } from "~/features/portal/portal.words";
import { site } from "~/content/site";
import { Button } from "~/components/ui/button";

export interface PortalNavUser {
  role: "student" | "mentor";
  name: string;
}

/** A student's pages, or a mentor's; the calendar is the card on their first page. */
const portalLinksFor = (role: PortalNavUser["role"]): SectionLink[] =>
  role === "student"
    ? [
        { to: "/portal", label: portalNav.home, end: true },
        { to: "/portal/book", label: bookingText.nav, end: true },
        { to: "/portal#calendar", label: portalNav.calendar, end: true, anchor: true },
        { to: "/portal/profile", label: portalNav.profile, end: true },
        { to: "/portal/prework", label: portalNav.prework, end: true },
        { to: "/portal/applications", label: jobSearchText.nav, end: false },
        { to: "/portal/networking", label: networkingText.nav, end: true },
        { to: "/portal/interviews", label: interviewsText.nav, end: true },
        { to: "/portal/receipts", label: portalReceiptsText.nav, end: false },
      ]
    : [
        { to: "/portal/mentor", label: portalNav.students, end: true },
        { to: "/portal/mentor/board", label: boardText.nav, end: true },
        { to: "/portal/mentor/availability", label: availabilityText.nav, end: true },
        { to: "/portal/mentor#calendar", label: portalNav.calendar, end: true, anchor: true },
      ];

/**
 * The site's header while a student or mentor is signed in to the portal (the root renders it in
 * place of the public one): their pages and sign-out, no "Apply Now".
 */
export function PortalHeader({ user }: { user: PortalNavUser }) {
  const home = user.role === "student" ? "/portal" : "/portal/mentor";
  return (
    <header className="border-b border-slate-200 bg-white" data-testid="portal-header">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 pt-3">
        <a href={home} className="text-lg font-bold text-brand-900">
          {site.name}
        </a>
        <Form
          method="post"
          action="/portal"
          className="flex flex-wrap items-center gap-x-2 text-sm"
        >
          <span className="text-slate-700">{user.name}</span>
          <Button type="submit" name="intent" value="sign_out" variant="secondary" size="touch">
            {portalSignIn.signOut}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="sign_out_everywhere"
            variant="ghost"
            size="touch"
          >
            {portalSignIn.signOutEverywhere}
          </Button>
        </Form>
      </div>
      <div className="mx-auto max-w-4xl px-3 py-2">
        <SectionNav label={portalNav.label} links={portalLinksFor(user.role)} />
      </div>
    </header>
  );
}

/** The frame of a signed-in portal page (its header is PortalHeader, rendered by the root). */
export function PortalShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-4xl px-4 py-8 wrap-break-word">{children}</div>;
}

/**
 * A portal page's title, the lines under it (children) and, when the whole form was refused, why
 * (read out when it appears).
 */
export function PortalPageHeading({
  title,
  error,
  children,
}: {
  title: string;
  error?: string;
  children?: ReactNode;
}) {
  return (
    <div>
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      {children}
      {error && (
        <p className="mt-2 font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
