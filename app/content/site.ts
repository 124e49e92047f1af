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
} as const;

export const errorPage = {
  title: "Something went wrong",
  body: "An unexpected error occurred. Please try again, or return to the home page.",
  home: returnHome,
  /** The server's plain-text answers when a request fails outside any page. */
  refused: (requestId: string) => `The request could not be handled (request ${requestId}).`,
  failed: (requestId: string) => `Something went wrong (request ${requestId}).`,
} as const;
