import type { WeekContent } from "./coursework";

/**
 * The six weeks as a new site ships them (issue 48, item 1): material and assignments written for
 * students and recent graduates aiming at finance internships and entry-level roles. The owner
 * edits them at /admin/program; these are written once into the database, the first time the
 * program is read, and never again.
 */
export const DEFAULT_WEEKS: readonly WeekContent[] = [
  {
    week: 1,
    title: "Assessment and resume review",
    material: `## Where you start

This week your mentor learns where you are, so the next five weeks aim at the right roles.

- **Pick up to two tracks** you want: wealth management, investment banking, capital markets or consulting. Write down why, in a sentence each.
- **Look at your resume as a screener does**: ten seconds, top third of the page. What would they remember?
- **Bring your current resume**, as it is. Do not polish it first: the review is more useful on the real thing.

Your 1-on-1 this week goes through your resume line by line.`,
    videoUrl: null,
    resources: ["resume-template"],
    assignments: [
      {
        id: "w1-current-resume",
        title: "Your resume as it is today",
        instructions:
          "Upload your current resume as a Word file (.docx). Your mentor marks it up before your 1-on-1.",
        dueDay: 3,
        kind: "docx",
      },
      {
        id: "w1-target-roles",
        title: "Your target roles",
        instructions:
          "In a few lines: the one or two tracks you want, the kind of firm (bank, boutique, asset manager, consultancy), the cities, and when you can start.",
        dueDay: 5,
        kind: "text",
      },
    ],
  },
  {
    week: 2,
    title: "Resume",
    material: `## One page that gets read

Rebuild your resume on the program's one-page template.

1. **Education first** while you are a student or a recent graduate: school, degree, GPA if it is 3.5 or above, relevant courses.
2. **Bullets that start with a verb and end with a number**: "Built a 3-statement model of a $40M retailer" beats "Responsible for modelling".
3. **Deal and project language**: what you analyzed, for whom, and what came of it.
4. **A clean skills line**: Excel, PowerPoint, the languages you speak, certifications in progress.

Send it as a Word file: your mentor returns a marked-up copy and may ask for a revision.`,
    videoUrl: null,
    resources: ["resume-template"],
    assignments: [
      {
        id: "w2-resume",
        title: "Your rebuilt resume",
        instructions:
          "Upload your resume rebuilt on the template (.docx, one page). Resubmit after each round of comments until your mentor says it looks good.",
        dueDay: 4,
        kind: "docx",
      },
    ],
  },
  {
    week: 3,
    title: "Networking",
    material: `## Forty people, twenty minutes each

- **Build a target list of 40 professionals**: alumni of your school first, then people one or two years into the role you want.
- **Reach out** with a short, specific note: who you are, why them, one question. Follow up once after a week.
- **Run the call**: twenty minutes, your questions ready, and end by asking who else you should talk to.

Log every conversation on your [networking page](/portal/networking): your mentor sees how the week goes.`,
    videoUrl: null,
    resources: ["outreach-scripts"],
    assignments: [
      {
        id: "w3-target-list",
        title: "Your target list",
        instructions:
          "A link to your list of 40 people (a shared spreadsheet works): name, firm, role, how you know of them.",
        dueDay: 3,
        kind: "link",
      },
    ],
  },
  {
    week: 4,
    title: "Application strategy",
    material: `## Where, in what order, and when

- **Sort your firms in three tiers** and apply to the middle tier first: you learn on applications that still matter.
- **Mind the calendar**: many summer analyst programs open a year ahead and close on a rolling basis.
- **Turn conversations into referrals**: a name on an application moves it up the pile.

Track every application on your [applications page](/portal/applications).`,
    videoUrl: null,
    resources: ["application-tracker"],
    assignments: [
      {
        id: "w4-application-plan",
        title: "Your application plan",
        instructions:
          "Your three tiers of firms, the ten applications you will send in the next two weeks, and the deadline of each.",
        dueDay: 4,
        kind: "text",
      },
    ],
  },
  {
    week: 5,
    title: "Interview prep",
    material: `## Stories and technicals

- **Write three stories in the STAR format** (situation, task, action, result): a team, a setback, something you led.
- **Know the technical questions of your track**: how the three statements link, how to value a company, what moves a bond's price.
- **Practice out loud**: your 1-on-1 this week is a mock interview.`,
    videoUrl: null,
    resources: [],
    assignments: [
      {
        id: "w5-star-stories",
        title: "Three STAR stories",
        instructions:
          "Write your three stories, about 150 words each, in the STAR format. Your mentor comments before the mock interview.",
        dueDay: 3,
        kind: "text",
      },
    ],
  },
  {
    week: 6,
    title: "Offer negotiation",
    material: `## Saying yes well

- **Compare offers on more than pay**: the team, the training, the exit options, the start date.
- **Handle an exploding deadline** by asking, politely, for the time you need.
- **Negotiate what can move**: start date, signing bonus, relocation.

Then plan the rest of your recruiting season with your mentor.`,
    videoUrl: null,
    resources: [],
    assignments: [
      {
        id: "w6-season-plan",
        title: "The rest of your season",
        instructions:
          "Where your applications stand, what you will do in the next month, and what you want help with after the program.",
        dueDay: 5,
        kind: "text",
      },
    ],
  },
];
