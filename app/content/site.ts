export const site = {
  name: "From Scratch to Success",
  tagline: "Land your finance internship or entry-level role, from scratch.",
  description:
    "A six-week cohort mentoring program that takes students and recent graduates from a blank resume to interviews at wealth management firms, banks, capital markets desks and consultancies.",
  contactEmail: "hello@fromscratchtosuccess.com",
  videoChannelUrl: "https://www.youtube.com/@fromscratchtosuccess",
  videoChannelLabel: "YouTube channel",
  feeDescription: "The program fee is available upon application.",
  notificationsLabel: "Notifications",
  closeToast: "Close toast",
} as const;

export const nav = {
  label: "Main",
  skipToContent: "Skip to content",
  home: "Home",
  program: "Program",
  successStories: "Success Stories",
  applyNow: "Apply Now",
  openMenu: "Open menu",
  closeMenu: "Close menu",
} as const;

export const footer = {
  quickLinks: "Quick links",
  programDetails: "Program Details",
  successStories: "Success Stories",
  applyNow: "Apply Now",
  connect: "Connect",
  videoChannel: "Watch on YouTube",
  contact: "Email us",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  copyright: (year: number) => `© ${year} From Scratch to Success. All rights reserved.`,
} as const;

/** Both error pages offer the same way back. */
const returnHome = "Return to Home";

export const notFound = {
  code: "404",
  title: "Oops! Page not found",
  home: returnHome,
  /** A file route's answer (a calendar feed, a download): plain text. */
  plain: "Not found",
} as const;

export const errorPage = {
  title: "Something went wrong",
  body: "An unexpected error occurred. Please try again, or return to the home page.",
  home: returnHome,
  /** A page the server refused (a thrown response): what it says, by status. */
  refusedPage: (status: number): { title: string; body: string } =>
    status === 404
      ? { title: notFound.title, body: "The page may have moved, or the link is out of date." }
      : status === 401 || status === 403
        ? {
            title: "This page isn't open to you",
            body: "Your account can't open this page. If you think it should, write to the program team.",
          }
        : status < 500
          ? { title: "This request couldn't be handled", body: "Please go back and try again." }
          : { title: "Something went wrong", body: "Please try again in a moment." },
  /** The way back from an error: to the part of the site the reader was in. */
  backFrom: (path: string): { href: string; label: string } =>
    path.startsWith("/portal")
      ? { href: "/portal", label: "Return to the portal" }
      : path.startsWith("/admin")
        ? { href: "/admin", label: "Return to the console" }
        : { href: "/", label: returnHome },
  /** The server's plain-text answers when a request fails outside any page. */
  refused: (requestId: string) => `The request could not be handled (request ${requestId}).`,
  failed: (requestId: string) => `Something went wrong (request ${requestId}).`,
} as const;

/** The days of the week, Monday first (ISO weekday 1 to 7), as forms and lists name them. */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
