// Copy for the cold outreach scripts, the one source of their PDF and their Word copy. Text in
// [square brackets] is a placeholder the reader replaces.

export interface OutreachScript {
  title: string;
  whenToUse: string;
  /** Email subject line; absent for LinkedIn messages. */
  subject?: string;
  /** Paragraphs of the message, in order. */
  body: readonly string[];
  tips: readonly string[];
}

export const outreachGuide = {
  title: "Cold Outreach Scripts",
  subtitle: "Networking emails and messages for finance recruiting",
  intro: [
    "Most internship and analyst offers in wealth management, banking, markets and consulting go to candidates someone inside the firm has already spoken to. These scripts get you those conversations. They are short on purpose: busy professionals answer messages they can read on a phone in twenty seconds.",
    "Replace every [placeholder], and add one genuine, specific line about the person — a shared school, a deal or article of theirs, a career move you want to ask about. A personalized sentence is the difference between a reply and silence.",
  ],
  rulesTitle: "Ground rules",
  rules: [
    "Target alumni from your school first, then people one or two years ahead of you: analysts and associates reply far more often than managing directors.",
    "Send emails Tuesday to Thursday, between 7 and 9am in their time zone, when inboxes are being cleared.",
    "Ask for 15 minutes of their time, never for a job or a referral in the first message.",
    "Follow up twice, about a week apart, then stop. Silence is usually busyness, not rejection.",
    "Log every message in the Application Tracker so you know who to follow up with and when.",
  ],
  cadenceTitle: "The outreach cadence",
  cadence: [
    { when: "Day 0", action: "Send the cold email (script 1) or LinkedIn note (script 2)." },
    { when: "Day 5–7", action: "No reply? Send follow-up #1 (script 3) in the same thread." },
    {
      when: "Day 12–14",
      action: "Still nothing? Send follow-up #2 (script 4), then try a colleague on the same team.",
    },
    { when: "When they reply", action: "Book the call (script 5) and prepare 4–5 questions." },
    { when: "Within 24 hours", action: "Send the thank-you note after the call (script 6)." },
    {
      when: "4–6 weeks later",
      action: "Send a two-line update on what you did with their advice. Ask about openings now.",
    },
  ],
  /** The words the documents print around each script. */
  labels: {
    whenToUse: "When to use:",
    subject: "Subject:",
    tips: "Tips",
    /** The footer's page number: the PDF fills in {page} and {pages}, Word shows them as fields. */
    pageNumber: "Page {page} of {pages}",
  },
} as const;

export const linkedInNoteLimit = 300;

export const outreachScripts: readonly OutreachScript[] = [
  {
    title: "1. Cold email to a professional",
    whenToUse:
      "First contact with someone you have not met, ideally an alum of your school. Find addresses on the firm's site, LinkedIn or the alumni directory.",
    subject: "[University] student – question about [Division] at [Firm]",
    body: [
      "Hi [First Name],",
      "My name is [Your Name], and I am a [sophomore/junior] at [University] studying [Major]. I came across your profile through [the alumni directory / LinkedIn] and saw that you moved from [previous role or school] into [Division] at [Firm].",
      "I am preparing to recruit for [summer internships / analyst roles] in [wealth management / investment banking / sales & trading / consulting], and I would really value hearing how you made that move and what the day-to-day looks like on your team.",
      "Would you have 15 minutes for a quick call in the next couple of weeks? I am happy to work around your schedule.",
      "Thank you for your time,\n[Your Name]\n[University] | [Phone] | [LinkedIn URL]",
    ],
    tips: [
      "Keep it under 150 words; it should fit on one phone screen.",
      "One specific detail about them beats a paragraph about you.",
      "Attach nothing. Offer your resume only if they ask for it.",
    ],
  },
  {
    title: "2. LinkedIn connection note",
    whenToUse:
      "When you cannot find an email address. LinkedIn caps connection notes at 300 characters, and this one fits with room for your details.",
    body: [
      "Hi [First Name] – I'm a [junior] at [University] exploring [wealth management]. Your path from [school/role] to [Firm] stood out to me. Could I ask you a few questions about your role over a 15-minute call? Thank you!",
    ],
    tips: [
      "Check the character count after filling in the placeholders — it must stay under 300.",
      "If they accept but do not reply, send script 5 as a message a day or two later.",
    ],
  },
  {
    title: "3. Follow-up #1 (no reply after 5–7 business days)",
    whenToUse: "Reply in the same email thread so your original message sits underneath this one.",
    subject: "Re: [original subject line]",
    body: [
      "Hi [First Name],",
      "I wanted to follow up on my note below in case it got buried. I know things are busy, especially around [earnings season / year-end], so a 15-minute call whenever it suits you would be a huge help as I prepare for [internship] recruiting.",
      "Best regards,\n[Your Name]",
    ],
    tips: [
      "Short and warm — never guilt-trip or mention that they have not replied.",
      "If something relevant happened since (a deal, a promotion, news about the firm), mention it in one line.",
    ],
  },
  {
    title: "4. Follow-up #2 (final, one week after follow-up #1)",
    whenToUse: "Your last message. After this, move on and try someone else on the same team.",
    subject: "Re: [original subject line]",
    body: [
      "Hi [First Name],",
      "I'm reaching out one last time about a short call. I'm particularly interested in [a specific question, e.g. how your team works with the firm's private bankers], and your perspective would be really valuable.",
      "If now isn't a good time, I completely understand. Thank you again, and I'll keep following [Firm]'s work in [area].",
      "Best,\n[Your Name]",
    ],
    tips: [
      "Closing politely leaves the door open: people often reply weeks later.",
      "Mark the contact as closed in your tracker and set a reminder for one month.",
    ],
  },
  {
    title: "5. Asking for an informational call",
    whenToUse:
      "After someone accepts your LinkedIn request, replies briefly, or is introduced to you by a friend or mentor.",
    subject: "15 minutes to learn about [Division] at [Firm]?",
    body: [
      "Hi [First Name],",
      "Thank you for [connecting / getting back to me]. As I mentioned, I am a [year] at [University] interested in [Division], and I would love to hear about your experience at [Firm] — in particular [how you prepared for recruiting / what separates strong first-year analysts].",
      "Would any of these times work for a 15-minute call? [Tuesday 12:30–1:30pm ET], [Wednesday after 5pm ET] or [Friday morning]. I can call you or send a video link, whichever is easier.",
      "Thanks so much,\n[Your Name]\n[Phone]",
    ],
    tips: [
      "Offer two or three specific windows in their time zone — it saves a round of back-and-forth.",
      "Prepare 4–5 questions about their path, team and advice. Never ask anything a quick web search would answer.",
    ],
  },
  {
    title: "6. Thank-you note after a call",
    whenToUse: "Within 24 hours of every conversation, however short.",
    subject: "Thank you – [Your Name]",
    body: [
      "Hi [First Name],",
      "Thank you for taking the time to speak with me [today / yesterday]. I really appreciated your advice on [specific point, e.g. building a stock pitch before Superdays], and hearing about [something they shared] made me even more excited about [Division] at [Firm].",
      "I am going to [concrete next step they suggested, e.g. reach out to Jordan on the fixed income desk / apply to the Summer Analyst program by September 15], and I will let you know how it goes.",
      "Best regards,\n[Your Name]",
    ],
    tips: [
      "Reference one specific thing they said — it proves you listened.",
      "Follow through on what you promised, then send a short update in 4–6 weeks. That update is what turns a contact into a referral.",
    ],
  },
];
