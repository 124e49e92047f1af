import type { CohortAnnouncement } from "~/features/cohort/cohort";
import { refundPolicy } from "~/content/policies";

export const hero = {
  eyebrow: "Six-week finance career cohort",
  title: "From Scratch to Success",
  subtitle:
    "Go from no network and a one-line resume to interviews at the firms you want. Ten students, two mentors who work in finance, six weeks of focused work.",
  apply: "Apply Now",
  videoTitle: "Watch: how the program works",
} as const;

const seatsOf = (left: number, capacity: number) =>
  `${left} of its ${capacity} ${capacity === 1 ? "seat" : "seats"} ${left === 1 ? "is" : "are"} left`;

/**
 * The hero's line about the current cohort (features/cohort/cohort.ts `cohortAnnouncement`), as one text.
 * `null`: the seats could not be read (and the build's copy of the page), so it claims nothing.
 */
export function cohortLine(announcement: CohortAnnouncement | null): string {
  if (!announcement) return "Cohorts are small: apply to find out when the next one starts.";
  switch (announcement.kind) {
    case "open": {
      const seats = seatsOf(announcement.seatsLeft, announcement.capacity);
      return announcement.start
        ? `Enrollment is open: the next cohort starts the week of ${announcement.start}, and ${seats}.`
        : `Enrollment is open for our next cohort: ${seats}.`;
    }
    case "full":
      return `${announcement.start ? `The cohort starting the week of ${announcement.start}` : "Our next cohort"} is full. You can still apply: if you're a fit, you join the waitlist, and seats that open up are offered in the order people applied.`;
    case "closed":
      return "Enrollment is closed for now. You can still apply, and we'll add you to the waitlist for the next cohort.";
  }
}

/** The headline stats; "stories" shows the count of confirmed offers once the owner says so. */
export const stats = [
  { key: "rating", value: "5 Star", label: "Rating" },
  { key: "duration", value: "6 Weeks", label: "Duration" },
  { key: "stories", value: "4+", label: "Success Stories" },
  { key: "firms", value: "Top", label: "Finance Firms" },
] as const;

export const program = {
  title: "The Program",
  intro:
    "Every week has one goal and one deliverable. You work on your own search, with feedback from a mentor who has hired for the roles you want.",
  curriculumTitle: "Weekly curriculum",
  includedTitle: "What's included",
  weekLabel: (n: number) => `Week ${n}`,
} as const;

export const curriculum = [
  {
    week: 1,
    title: "Assessment and resume review",
    detail:
      "We map your background to the roles that fit: wealth management, banking, capital markets or consulting. Your current resume gets a line-by-line teardown against what screeners look for in the first ten seconds.",
  },
  {
    week: 2,
    title: "Resume",
    detail:
      "Rebuild your resume on our one-page finance template: quantified bullet points, deal and project language, a clean skills line. You leave with a version ready to send and a cover letter you can adapt in ten minutes.",
  },
  {
    week: 3,
    title: "Networking",
    detail:
      "Build a target list of 40 professionals, then reach them with our cold email and LinkedIn scripts. Learn how to run a 20-minute informational call that ends with a referral, not a polite goodbye.",
  },
  {
    week: 4,
    title: "Application strategy",
    detail:
      "Plan which firms and divisions to apply to, in what order and when. Set up your tracker, time applications around recruiting calendars, and turn conversations from week 3 into referrals.",
  },
  {
    week: 5,
    title: "Interview prep",
    detail:
      "Behavioral stories in the STAR format, the technical questions asked for each track (accounting, valuation, markets), and mock interviews with written feedback.",
  },
  {
    week: 6,
    title: "Offer negotiation",
    detail:
      "Compare offers, handle exploding deadlines, and negotiate start dates and pay with confidence. We finish with a plan for the rest of your recruiting season.",
  },
] as const;

export const included = [
  "Weekly 1-hour live group session",
  "Weekly 30-minute 1-on-1 feedback with your mentor",
  "1 deep-dive interview prep for the first interview you land",
  "Resume and cover letter templates, an application tracker and networking scripts",
] as const;

export const testimonialsSection = {
  title: "Success Stories",
  intro: "Students who started where you are now.",
  videoTitle: "Watch: students share their results",
  ratingLabel: (rating: number) => `${rating} out of 5 stars`,
} as const;

export const testimonials = [
  {
    id: "t1",
    name: "Maya R.",
    position: "Summer Analyst",
    company: "Wealth management firm",
    quote:
      "I was a sophomore with no finance internship and no contacts. The outreach scripts got me eleven calls in three weeks, and two of them turned into referrals. I signed my summer analyst offer before spring break.",
    rating: 5,
  },
  {
    id: "t2",
    name: "Daniel K.",
    position: "Investment Banking Analyst",
    company: "Middle-market bank",
    quote:
      "The mock interviews were harder than the real thing. By the time I sat my superday I had answered every technical question at least twice, and my mentor had fixed how I told my story.",
    rating: 5,
  },
  {
    id: "t3",
    name: "Priya S.",
    position: "Capital Markets Intern",
    company: "Global investment bank",
    quote:
      "My resume went from a list of duties to numbers that mattered. I applied to fewer firms than my friends and got more first rounds, because I knew exactly where to aim.",
    rating: 5,
  },
  {
    id: "t4",
    name: "James T.",
    position: "Business Analyst",
    company: "Strategy consultancy",
    quote:
      "I graduated without an offer and felt behind. Six weeks later I had a plan, a tracker full of real conversations and an offer I negotiated up. The weekly 1-on-1s kept me honest.",
    rating: 5,
  },
] as const;

export const callToAction = {
  title: "Ready to start your finance career?",
  body: "Cohorts are capped at ten students so every one gets real attention. Apply now to find out whether the next cohort is a fit.",
  button: "Apply Now",
} as const;

export const faqSection = {
  title: "Frequently Asked Questions",
} as const;

export const faqs = [
  {
    question: "How much time do I need to commit each week?",
    answer:
      "Plan for about 5-7 hours per week: the 1-hour live session, your 30-minute 1-on-1, and the work on your own search in between. We ask every applicant to commit at least 5 hours per week.",
  },
  {
    question: "Do you guarantee a job or internship?",
    answer:
      "No. Nobody can honestly guarantee placement. We guarantee the work: a finance-ready resume, a real network, a plan and interview practice. Our students' results come from doing that work.",
  },
  {
    question: "What if the program is not right for me?",
    answer: refundPolicy.summary,
  },
  {
    question: "What if I miss a live session?",
    answer:
      "Every live session is recorded, and you can watch it any time during the program. Your 1-on-1 can be moved to a time that suits you.",
  },
  {
    question: "Who is the program for?",
    answer:
      "College students and recent graduates aiming for internships or entry-level roles in wealth management, banking and capital markets, including those starting with no finance experience. Consulting roles are welcome alongside one of those finance tracks (many students recruit for both), but not on their own: every week is built around finance recruiting.",
  },
  {
    question: "How big is a cohort?",
    answer:
      "Ten students and two mentors, so each mentor works with five students. Small cohorts keep the feedback personal.",
  },
  {
    question: "How much does it cost?",
    answer:
      "The program fee is available upon application. Apply and, if the program is a fit, you will see the full breakdown before you enroll.",
  },
] as const;
