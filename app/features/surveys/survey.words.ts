/**
 * The end-of-programme survey (issue 36, item 3): the student's page and home prompt, its two
 * emails, and the owner's NPS page of a cohort.
 */
import type { EmailContent } from "~/mail/message";

const signOff = "Thank you,\nThe From Scratch to Success team";

/** The student's page, /portal/survey, and the prompt on their home. */
export const surveyPage = {
  title: "End-of-program survey",
  intro:
    "Six weeks done. Three questions, two minutes: your answers shape the next cohort. Only the program's owner reads them.",
  none: "There is no survey for you yet: it opens when your cohort's six weeks have ended.",
  answered: "Thank you: your answers are in. There is nothing more to do here.",
  score: "How likely are you to recommend From Scratch to Success to a friend?",
  scoreHint: "0 means not at all likely, 10 extremely likely.",
  scoreLabel: (score: number) =>
    score === 0 ? "0 (not at all likely)" : score === 10 ? "10 (extremely likely)" : String(score),
  helped: "What helped you most?",
  change: "What should we change?",
  textHint: (max: number) => `Optional, up to ${max.toLocaleString("en-US")} characters.`,
  submit: "Send my answers",
  sentToast: { title: "Thank you", description: "Your answers are in." },
  errors: {
    score: "Choose a number from 0 to 10",
    tooLong: (max: number) => `Keep it under ${max.toLocaleString("en-US")} characters`,
    no_survey: "There is no survey for you to answer.",
    already: "You have already answered this survey. Thank you!",
  },
  prompt: {
    title: "Your end-of-program survey",
    body: "Tell us how the six weeks went: three questions, two minutes.",
    link: "Answer the survey",
  },
} as const;

interface SurveyEmailFacts {
  name: string;
  surveyUrl: string;
}

/** The survey's email when week 6 has ended, and its one reminder three days later. */
export const surveyEmails = {
  sent: (f: SurveyEmailFacts): EmailContent => ({
    subject: "Six weeks done: how did it go?",
    greeting: `Hi ${f.name},`,
    paragraphs: [
      "Your six weeks of From Scratch to Success have ended. Congratulations on getting through them.",
      "Would you answer three short questions about the program? It takes two minutes, and your answers shape the next cohort.",
    ],
    action: { label: "Answer the survey", url: f.surveyUrl },
    signOff,
  }),
  reminder: (f: SurveyEmailFacts): EmailContent => ({
    subject: "Reminder: three questions about your six weeks",
    greeting: `Hi ${f.name},`,
    paragraphs: [
      "A reminder: your end-of-program survey is still open. Three questions, two minutes.",
      "This is the only reminder we send.",
    ],
    action: { label: "Answer the survey", url: f.surveyUrl },
    signOff,
  }),
};

/** The owner's page of a cohort's survey, /admin/cohorts/:id/survey. */
export const surveyConsole = {
  title: "End-of-program survey",
  pageTitle: (cohort: string) => `Survey: ${cohort}`,
  link: "End-of-program survey (NPS)",
  back: "Back to the cohort",
  intro:
    "Each student still enrolled gets the survey when week 6 has ended, with one reminder three days later. NPS is the share of promoters (9-10) less the share of detractors (0-6).",
  notSent: "No survey has gone out for this cohort yet.",
  nps: (nps: number | null) => (nps === null ? "No answers yet" : `NPS ${nps}`),
  responseRate: (answered: number, sent: number) =>
    `${answered} of ${sent} answered${sent > 0 ? ` (${Math.round((answered / sent) * 100)}%)` : ""}`,
  counts: (promoters: number, passives: number, detractors: number) =>
    [
      `${promoters} ${promoters === 1 ? "promoter" : "promoters"}`,
      `${passives} ${passives === 1 ? "passive" : "passives"}`,
      `${detractors} ${detractors === 1 ? "detractor" : "detractors"}`,
    ].join(", "),
  cohortTitle: "The cohort",
  mentorsTitle: "By mentor",
  mentorsLabel: "NPS by mentor",
  mentorColumns: ["Mentor", "NPS", "Promoters", "Passives", "Detractors", "Answered"],
  noMentor: "No mentor",
  answersTitle: "Answers",
  answersLabel: "Survey answers",
  answerColumns: ["Student", "Mentor", "Score", "What helped most", "What to change"],
  noAnswers: "No answers yet.",
  empty: "—",
} as const;
