/**
 * The words of /privacy. The periods come from the server's settings (RESUME_KEEP_DAYS,
 * VISITOR_ID_KEEP_DAYS, BACKUP_KEEP, BACKUP_EVERY_HOURS, CONTACT_EMAIL), so the page always says
 * what the site really does.
 */

export interface PrivacyFigures {
  resumeKeepDays: number;
  visitorIdKeepDays: number;
  /** Days raw page views are kept; null when the server counts none (ANALYTICS=off). */
  analyticsRawDays: number | null;
  backupKeep: number;
  backupEveryHours: number | null;
  contactEmail: string;
}

export interface PrivacyItem {
  term: string;
  text: string;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

function backupPeriod({ backupKeep, backupEveryHours }: PrivacyFigures): string {
  const kept = `We keep the newest ${plural(backupKeep, "backup")} of the database`;
  if (!backupEveryHours) return `${kept} and delete older ones.`;
  const hours = backupKeep * backupEveryHours;
  const span = hours >= 48 ? plural(Math.round(hours / 24), "day") : plural(hours, "hour");
  return `${kept}, one every ${plural(backupEveryHours, "hour")}, so about ${span} of backups; older ones are deleted.`;
}

export const privacyPage = {
  metaTitle: "Privacy Policy",
  description:
    "What From Scratch to Success collects when you apply, ask for a free resource, send a resume or enroll; why; how long it is kept; and how to get a copy or have it erased.",
  title: "Privacy Policy",
  intro:
    "From Scratch to Success runs this site and the six-week mentoring program it describes. This page says in plain words what we keep about you, why, and for how long.",
  collectedTitle: "What we collect and why",
  collected: [
    {
      term: "When you apply",
      text: "Your name, email, university and graduation year, and your answers: the careers you are aiming for, whether you can give the hours, whether you are ready to enroll, how you heard about us, your biggest challenge and why you want to work in finance. We use them to decide whether the program fits you, and to email you about your application and the cohort.",
    },
    {
      term: "When you ask for a free resource",
      text: "Your name, email, university and graduation year, and which resource you asked for. We use them to email you the resource and to learn which resources help. The link in that email notes when you first download the file.",
    },
    {
      term: "When you send your resume for a review",
      text: "The Word file you upload. We use it only to review it in a livestream, and we email you the date.",
    },
    {
      term: "When you enroll",
      text: "Your email and the payment's amount and status. Your card details go straight to our payment provider, Stripe, and never reach our server.",
    },
    {
      term: "In the cohort portal",
      text: "What you fill in on your profile (time zone, target roles and firms, LinkedIn address, graduation year and your resume), when you signed in, and your mentor's private notes on your progress. Your mentor and the program's owner see them; other students never do. Sign-in links and sessions are stored only as scrambled codes that cannot sign anyone in. A copy of your data, or its erasure, includes all of this.",
    },
    {
      term: "The link you came by",
      text: "The campaign tags in its address (such as utm_source or a video code). They show us which videos and campaigns bring people to the program.",
    },
    {
      term: "Your browser",
      text: "A random, anonymous visitor id in a cookie (fsts_vid), kept with each form you send, so that a form sent twice is stored once and automated posts are refused. The tags of the link you came by stay in a second cookie (fsts_utm) for 30 days. We use no advertising or third-party tracking cookies.",
    },
    {
      term: "Emails we send you",
      text: "A copy of each one, to see that it was delivered and to send it again if it was not. If a mail server tells us your address does not exist, we note that and stop sending you career tips and cohort news.",
    },
    {
      term: "Career tips and cohort news",
      text: "Only if you ticked the box for them on one of our forms (or the form said they follow): when, on which form and the exact words it showed. Every such email has a one-click unsubscribe link; after it we send you none, and emails about what you ask for (your resources, your application, your seat) still arrive.",
    },
    {
      term: "Server logs",
      text: "The page asked for, when, the answer and how long it took. They hold no names, emails or cookies.",
    },
  ] satisfies PrivacyItem[],
  keptTitle: "How long we keep it",
  kept: (f: PrivacyFigures): PrivacyItem[] => [
    {
      term: "Your details, applications, resource requests and enrollment",
      text: "Until you ask us to erase them, so that we can tell you about the next cohort and keep your place in a waitlist.",
    },
    {
      term: "Your resume",
      text: `Deleted ${plural(f.resumeKeepDays, "day")} after its review.`,
    },
    {
      term: "The visitor id on the forms you sent",
      text: `Removed after ${plural(f.visitorIdKeepDays, "day")}.`,
    },
    ...(f.analyticsRawDays === null
      ? []
      : [
          {
            term: "The pages you visit",
            text: `Our server notes which of its public pages your browser opened, when, the link's tags and the site that linked here, with the visitor id (without it if your browser sends Global Privacy Control or Do Not Track). No script or other cookie is involved. Kept ${plural(f.analyticsRawDays, "day")}; after that only daily totals remain.`,
          },
        ]),
    {
      term: "Payments",
      text: "The amount, date and status stay in our accounts, without your name or email once you ask for an erasure.",
    },
    {
      term: "Backups",
      text: `${backupPeriod(f)} Data you asked us to erase leaves the backups as they are deleted; if we ever restore a backup, we erase it again.`,
    },
  ],
  rightsTitle: "A copy of your data, or its erasure",
  rightsBefore: "Email us at",
  rightsAfter:
    "from the address you used with us, and say whether you want a copy or an erasure. A copy is one file with everything we hold about you. An erasure removes your name, email, university, answers, resume and the emails we sent you; what remains are anonymous counts, such as that a form was sent or a seat was paid for.",
} as const;
