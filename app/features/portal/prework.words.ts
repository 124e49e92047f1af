/**
 * The week 1 pre-work a student reads in the portal (/portal/prework): three short exercises that
 * give their mentor something real to work with at the first session.
 */
export const prework = {
  title: "Week 1 pre-work",
  intro:
    "Week 1 is assessment and resume review. These three short exercises give your mentor something real to work with from your first session. Plan about 80 minutes in total. Rough is fine: finished is not the goal.",
  sections: [
    {
      title: "1. Start your target list (about 30 minutes)",
      paragraphs: [
        "Write down 15 firms you'd be glad to work for, across the tracks you picked: for example five large banks or asset managers, five mid-size or regional firms, and five boutiques or local offices. Mid-size firms and boutiques see far fewer applicants per internship than the household names: every strong list has them.",
      ],
      steps: [
        "For each firm, note the division (wealth management, investment banking, sales and trading, consulting...) and the city.",
        'Add one line on why it\'s on your list. "Good at markets" is not a reason; "their Charlotte office hires from my school" is.',
        "Keep it in the application tracker from our free resources, or in any spreadsheet.",
      ],
    },
    {
      title: "2. Your story in 60 seconds (about 30 minutes)",
      paragraphs: [
        'Every networking call and interview opens with "Walk me through your background." Draft your answer in three parts:',
      ],
      steps: [
        "Where you're coming from: your school, your major, and one thing you did that shows drive (a job, a club role, a project).",
        "Why finance: the moment or experience that pointed you here, in one or two sentences. Specific beats impressive.",
        "Why this role, now: what you want to learn and where you want it to lead.",
      ],
      after:
        "Read it aloud with a timer. Aim for 60 seconds, and cut anything a stranger wouldn't remember an hour later.",
    },
    {
      title: "3. Your resume baseline (about 20 minutes)",
      paragraphs: [
        "Upload your current resume to your profile as a .docx, exactly as it is today: your mentor reviews your real starting point, not a polished one.",
      ],
      steps: [
        "Next to it, list three things you've done that aren't on it yet: a part-time job, a competition, a leadership role, a class project with numbers.",
        "Don't rewrite anything yet. In week 2 you'll rebuild it on our one-page finance template.",
      ],
    },
  ],
  bringTitle: "Bring to your first session",
  bring:
    "Your list of 15 firms, your 60-second story (written down or recorded), and your questions for your mentor. Short on time? Do the target list first: it shapes everything that follows.",
  trackerLink: "Open the application tracker",
  profileLink: "Upload your resume to your profile",
  markRead: "Mark as read",
  readOn: (when: string) => `You marked this read on ${when}.`,
  markedToast: {
    title: "Pre-work marked as read",
    description: "One more item checked off your onboarding list.",
  },
} as const;
