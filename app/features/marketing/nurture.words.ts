/**
 * The nurture sequences: three short emails sent in the ten days after someone takes a free
 * resource. Each one teaches one concrete thing tied to that resource, then points, without
 * pressure, to applying for the next cohort.
 */

import type { StepCopy } from "./sequence-copy";
import type { ResourceType } from "~/features/leads/lead-magnets.words";
import type { EmailContent } from "~/mail/message";

export interface NurtureStep {
  /** Days after the person took the resource when this email is due. */
  afterDays: number;
  /** The words written here, which the owner's edit (/admin/sequences) may replace. */
  copy: StepCopy;
  /**
   * The email; `applyUrl` is the absolute URL of /apply with tracking already on it, `copy` the
   * words to send (the step's own unless given).
   */
  email: (firstName: string, applyUrl: string, copy?: StepCopy) => EmailContent;
}

export interface NurtureSequence {
  /** How the console names the sequence, e.g. "Resume Template follow-up". */
  name: string;
  steps: readonly NurtureStep[];
}

const signOff = "Talk soon,\nThe From Scratch to Success team";

function greeting(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hi ${name},` : "Hi there,";
}

/** The words that differ from one email to the next. */
type NurtureCopy = Required<StepCopy>;

function nurtureStep(afterDays: number, own: NurtureCopy, invitesToApply: boolean): NurtureStep {
  return {
    afterDays,
    copy: own,
    email: (firstName, applyUrl, copy = own) => ({
      subject: copy.subject,
      ...(copy.preheader === undefined ? {} : { preheader: copy.preheader }),
      greeting: greeting(firstName),
      paragraphs: [...copy.paragraphs],
      ...(invitesToApply ? { action: { label: "Apply for the next cohort", url: applyUrl } } : {}),
      signOff,
    }),
  };
}

/**
 * Every sequence sends on the same days: the first email only teaches; the two after it also
 * invite the reader to apply.
 */
function nurtureSequence(
  name: string,
  [teach, second, third]: readonly [NurtureCopy, NurtureCopy, NurtureCopy],
): NurtureSequence {
  return {
    name,
    steps: [
      nurtureStep(2, teach, false),
      nurtureStep(5, second, true),
      nurtureStep(9, third, true),
    ],
  };
}

const resume = nurtureSequence("Resume Template follow-up", [
  {
    subject: "The resume bullet formula finance recruiters look for",
    preheader: "Action verb + what you did + a number. Here's how, even for a part-time job.",
    paragraphs: [
      "Now that you have the Resume Template, here's the first thing to work on: your bullets.",
      "Every bullet should follow one pattern: action verb + what you did + a result with a number. Compare “Responsible for training new staff” with “Supervised a team of 6 across 15 hours a week while studying full time; trained 8 new hires”. Same job, but the second shows responsibility and reliability, which is what a finance team is hiring for.",
      "To find your numbers, ask: how many (people, clients, accounts), how much (money, hours saved), how often, and compared with what? Honest estimates are fine as long as you can explain them in an interview. Invented ones are not.",
      "Try it today on your three weakest bullets. Part-time and non-finance jobs count: quantify them like any other role.",
    ],
  },
  {
    subject: "One page, in this order: how a finance resume is laid out",
    preheader: "The one-page rule, the section order, and what to cut first.",
    paragraphs: [
      "Finance resumes follow a stricter format than most. Keep yours to one page, even with several jobs: 10–11pt font, margins of at least half an inch, sent as a PDF named First-Last-Resume.pdf.",
      "Order matters too. While you're a student or within about two years of graduating, Education goes on top, with your GPA if it's 3.5 or higher. Then Experience, most recent first; then Leadership & Activities; then Skills & Interests. If it doesn't fit, cut your weakest bullet rather than shrinking the font.",
      "In the cohort, the first two weeks go on exactly this: a line-by-line review of your current resume in week 1, then a rebuild on the template in week 2, with a mentor who works in finance reading your drafts. With 10 students and 2 mentors, that feedback stays personal.",
      "If you'd like that help, you can apply for the next cohort below.",
    ],
  },
  {
    subject: "How recruiters skim your resume in seconds",
    preheader: "Where their eyes land first, and a ten-second test you can run today.",
    paragraphs: [
      "A recruiter's first pass over your resume is a skim, not a read. Their eyes go to your school and graduation date, your most recent firm and title, the first few words of each bullet, and any numbers.",
      "So put your strongest bullet first in every role, start each one with a verb, keep bullets to one or two lines, and line your dates up on the right. Then test it: hand it to a friend for ten seconds, take it back, and ask what they remember. If it isn't what you want remembered, reorder.",
      "A strong resume gets you read; conversations and interviews do the rest. Weeks 3 to 6 of the cohort cover networking, application strategy, interview prep and offer negotiation, with a weekly live session and a 30-minute 1-on-1 with your mentor. Nobody can honestly promise an offer, but you won't be doing the work alone.",
      "Each cohort has ten seats and asks for about 5–7 hours a week for six weeks. If that fits, apply and we'll tell you whether the next cohort is right for you.",
    ],
  },
]);

const outreach = nurtureSequence("Cold Outreach Scripts follow-up", [
  {
    subject: "Where to find the alumni who will actually reply",
    preheader: "Build a list of ten names before you send a single message.",
    paragraphs: [
      "The scripts you downloaded work best on the right people, so before you send anything, build a list.",
      "Start with alumni of your school. On LinkedIn, open your university's page, go to the Alumni tab, and filter by where they work and what they do. Your career center's alumni directory is worth a look too. Aim for analysts and associates a year or two ahead of you: they remember recruiting and reply far more often than senior bankers.",
      "Aim for ten names today, each with firm, division and how you're connected. Keep them in a spreadsheet with the date you contact each one, so you know exactly when a follow-up is due.",
    ],
  },
  {
    subject: "The three-line cold email, and when to follow up",
    preheader: "Who you are, why them, and a 15-minute ask. Then the follow-up timing.",
    paragraphs: [
      "Professionals read email on their phones, so keep yours to three lines. Line one: who you are and how you're connected (“I'm a junior at [University] and saw you're an alum”). Line two: why them, with one real detail about their path or team. Line three: the ask, 15 minutes in the next couple of weeks at a time that suits them.",
      "Never ask for a job or a referral in the first message, and attach nothing. No reply after 5–7 business days? Follow up once in the same thread. Still nothing a week later? Send one last short note, then try a colleague on the same team. Silence usually means busy, not no.",
      "In week 3 of the cohort you build a target list of 40 professionals and reach them with these scripts, bringing your drafts and replies to your weekly 1-on-1 for feedback. It's ten students and two mentors over six weeks.",
      "If you'd like that feedback on your outreach, you can apply for the next cohort below.",
    ],
  },
  {
    subject: "From coffee chat to referral: what to do after the call",
    preheader: "The question to ask at the end, and the follow-up that earns referrals.",
    paragraphs: [
      "A reply is only the start. Prepare four or five questions about their path, their team and their advice, none that a quick search would answer. Near the end, ask: “Is there anyone else you think I should speak with?” That one question is how one contact becomes three.",
      "Within 24 hours, send a thank-you that mentions one specific thing they said. Then do what they suggested, and four to six weeks later send a two-line update on how it went. That update is when it becomes natural to ask about openings, and whether they'd be comfortable passing your resume along.",
      "Turning conversations into referrals runs through weeks 3 and 4 of the cohort, and week 5 prepares you for the interviews that can follow. You'd work in a group of ten with two mentors who work in finance, for six weeks. Seats are limited, so if the timing is right for you, apply below.",
    ],
  },
]);

const tracker = nurtureSequence("Application Tracker follow-up", [
  {
    subject: "Recruiting starts earlier than you think: fill in your deadlines",
    preheader: "The first column to fill in, and why finance timelines catch people out.",
    paragraphs: [
      "The most useful column in your Application Tracker is Deadline, and it's worth filling in before anything else.",
      "Finance recruiting runs on its own calendar. At many large banks, applications for summer internships open around a year ahead, and roles can fill on a rolling basis before the posted deadline. Asset management, corporate finance and smaller firms often recruit later, and some hire all year. Dates vary by firm and shift from year to year, so check each firm's careers page.",
      "Today, add every firm you're interested in as a row with status Researching, even if applications aren't open yet. Where this year's date isn't out, note when it opened last year and check back monthly. Then sort by Deadline: anything due in the next two months is where your networking starts now.",
    ],
  },
  {
    subject: "How many applications and calls a week? A steady rhythm",
    preheader: "A realistic weekly routine, and a 20-minute review that keeps it on track.",
    paragraphs: [
      "Recruiting goes better as a steady weekly habit than as a few panicked weekends. A realistic week alongside your studies might be: five to ten new outreach messages, the follow-ups that are due, one to three calls, and every application whose deadline falls in the next two weeks.",
      "Pick one 20-minute slot each week to review the tracker. Sort by Next Step, clear anything overdue first, then check the Summary sheet. If most rows say Applied and few say Networking, your applications are going in cold, so shift time back to outreach.",
      "The cohort is built around that rhythm: about 5–7 hours a week for six weeks, with a weekly live session, a 30-minute 1-on-1 with your mentor, and week 4 spent on application strategy (which firms, in what order, and when). There are ten seats per cohort.",
    ],
  },
  {
    subject: "What to log in your tracker after every call",
    preheader: "Five minutes after each conversation saves you hours before interviews.",
    paragraphs: [
      "Right after each networking call, while it's fresh, spend five minutes on the tracker. Log the person's name, title and how you met; two or three specific things they told you; their advice; and anyone they suggested you speak with (give each of them a row of their own).",
      "Then set the Next Step with a date: a thank-you within 24 hours, and a short update in four to six weeks. Mark Referral as Yes only when they've actually offered one. Months later, preparing for a first round at that firm, those notes let you say “When I spoke with someone on your team, they told me…” instead of guessing.",
      "A full tracker shows you're doing the work. If you'd like two mentors who work in finance to help you decide what to prioritize in it, in a group of ten over six weeks, apply for the next cohort. We can't promise an offer, but you'll have a plan, weekly feedback and someone checking in on your progress.",
    ],
  },
]);

const resourceLibrary = nurtureSequence("Resource Library follow-up", [
  {
    subject: "Where to start with your three free resources",
    preheader: "Resume first, then outreach, then the tracker. Here's why.",
    paragraphs: [
      "You now have the Resume Template, the Cold Outreach Scripts and the Application Tracker. Use them in that order: the resume first, because a helpful contact will often ask to see it.",
      "This week, rewrite every bullet as action verb + what you did + a result with a number. “Supervised a team of 6 and trained 8 new hires” says far more than “Responsible for staff”. Keep it to one page, with Education on top while you're a student or recent graduate.",
      "In a few days we'll send a short note on putting the outreach scripts to work, then one on the tracker.",
    ],
  },
  {
    subject: "Put your outreach scripts and tracker to work together",
    preheader: "Find alumni, send three-line emails, and log every one.",
    paragraphs: [
      "With your resume in shape, start the conversations. On LinkedIn, open your university's page and use the Alumni tab to find analysts and associates a year or two ahead of you at the firms you want. Add each one to the tracker with status Networking.",
      "Keep first messages to three lines: who you are and your connection, why them specifically, and a request for 15 minutes. No reply after 5–7 business days? Follow up once in the same thread, once more a week later, then move on. Log every message and date so nothing slips.",
      "Week 3 of the cohort is this exact work, a target list of 40 professionals and the scripts to reach them, with your mentor reviewing your progress in a weekly 1-on-1. Each cohort is ten students and two mentors, over six weeks.",
    ],
  },
  {
    subject: "One weekly routine for your resume, outreach and tracker",
    preheader: "Check deadlines, tailor, reach out, log. Twenty minutes to review each week.",
    paragraphs: [
      "The three resources work best as one weekly routine. Start with deadlines: at many large banks, internship applications open around a year ahead and can fill before the posted date, while other firms recruit later. Sort your tracker by Deadline so you know what's coming.",
      "Then, each week: tailor your resume for applications due in the next two weeks, send five to ten new outreach messages plus any follow-ups, and after every call log what you learned and a dated next step. A 20-minute review on the same day each week keeps it moving.",
      "If you'd rather build that routine with help, the cohort runs it with you for six weeks: resume, networking, application strategy, interview prep and offer negotiation, with a weekly live session and a 30-minute 1-on-1. Ten students, two mentors, limited seats, and about 5–7 hours a week of your time.",
    ],
  },
]);

const resumeReview = nurtureSequence("Resume Review follow-up", [
  {
    subject: "While you wait for your review: common resume issues to fix now",
    preheader: "What reviewers flag again and again, so you can check your own copy first.",
    paragraphs: [
      "Your resume is in the queue for a livestream review, and we'll email you when it's scheduled. Meanwhile, here are the issues that come up again and again in finance resume reviews, so you can check your own copy now.",
      "Bullets that list duties (“Responsible for…”) instead of results. Bullets with no numbers. A resume that spills onto a second page. Dates and formatting that don't line up. And a skills line that says “Microsoft Office” instead of naming what you can actually do in Excel.",
      "Fix what you can in your own copy. When your review airs, you can compare notes and focus on the finer points the mentor raises.",
    ],
  },
  {
    subject: "Technical interview questions: what to prepare for your track",
    preheader: "Accounting, valuation or markets: what each track tends to ask.",
    paragraphs: [
      "A strong resume gets you into the interview; technical questions are where many candidates stumble. What you're asked depends on the track.",
      "For investment banking and corporate finance, expect accounting and valuation: walk me through the three financial statements, how does a change in depreciation flow through them, how would you value a company. For sales & trading, expect markets: where major indices and rates are today and why, and pitch me a trade. For asset and wealth management, bring an investment idea you can defend.",
      "Practice one answer a day, out loud. Week 5 of the cohort is interview prep: behavioral stories, the technical questions for your track, and mock interviews with written feedback, plus a deep-dive prep session with your mentor for the first interview you land.",
      "Ten students, two mentors, six weeks, and limited seats. If you'd like that practice, apply below.",
    ],
  },
  {
    subject: "“Walk me through your resume”: your story in under two minutes",
    preheader: "A three-part structure for the question many finance interviews open with.",
    paragraphs: [
      "Many finance interviews open with “Walk me through your resume.” It isn't a request to read it aloud: it tests whether your choices make sense and point to this role.",
      "Build your answer in three parts, in under two minutes: where you started and what drew you to finance; two or three steps that built your skills, each with one result from your resume; and why this role at this firm is the logical next step. Write it, say it out loud, and cut until it fits.",
      "Your livestream review will sharpen the page; the story is what you bring into the room. In the cohort, week 1 starts with an assessment of your background and a line-by-line resume review, and week 5 puts your story through mock interviews. Cohorts are ten students and two mentors over six weeks; if you want that level of feedback, apply for the next cohort.",
    ],
  },
]);

export const nurtureSequences: Record<ResourceType, NurtureSequence> = {
  resume,
  outreach,
  tracker,
  resource_library: resourceLibrary,
  resume_review: resumeReview,
};
