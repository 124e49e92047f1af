import type { ReactNode } from "react";
import { Form } from "react-router";
import { SectionNav } from "~/components/ui/section-nav";
import { availabilityText, bookingText } from "~/content/bookings";
import { interviewsText } from "~/content/interviews";
import { portalSignIn, portalNav } from "~/content/portal";
import { Button } from "~/components/ui/button";

export interface PortalNavUser {
  role: "student" | "mentor";
  name: string;
}

const linksFor = (role: PortalNavUser["role"]) =>
  role === "student"
    ? [
        { to: "/portal", label: portalNav.home, end: true },
        { to: "/portal/profile", label: portalNav.profile, end: true },
        { to: "/portal/prework", label: portalNav.prework, end: true },
        { to: "/portal/book", label: bookingText.nav, end: true },
        { to: "/portal/interviews", label: interviewsText.nav, end: true },
      ]
    : [
        { to: "/portal/mentor", label: portalNav.students, end: true },
        { to: "/portal/mentor/availability", label: availabilityText.nav, end: true },
      ];

/** The portal's frame for a signed-in student or mentor: their pages and sign-out. */
export function PortalShell({ user, children }: { user: PortalNavUser; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 wrap-break-word">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
        <SectionNav label={portalNav.label} links={linksFor(user.role)} />
        <Form method="post" action="/portal" className="flex items-center gap-3 text-sm">
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
      <div className="pt-6">{children}</div>
    </div>
  );
}
