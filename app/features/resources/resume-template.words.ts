// Copy for the resume template, the one source of its PDF and its Word copy. Text in [square
// brackets] is a placeholder the reader replaces.

export interface ResumeEntry {
  /** Organization, bold on the left. */
  organization: string;
  /** Location, on the right of the organization line. */
  location: string;
  /** Degree or job title, italic on the left. */
  title: string;
  /** Dates, italic on the right of the title line. */
  dates: string;
  bullets: readonly string[];
}

export interface ResumeSkillLine {
  label: string;
  text: string;
}

export interface ResumeTemplate {
  name: string;
  contact: readonly string[];
  education: readonly ResumeEntry[];
  experience: readonly ResumeEntry[];
  leadership: readonly ResumeEntry[];
  skills: readonly ResumeSkillLine[];
  guidanceTitle: string;
  guidance: readonly string[];
}

/** The words the template prints around the copy. */
export const resumeLabels = {
  documentTitle: "Resume Template",
  /** Between the contact details under the name. */
  contactSeparator: "  |  ",
  sections: {
    education: "Education",
    experience: "Experience",
    leadership: "Leadership & Activities",
    skills: "Skills & Interests",
  },
} as const;

export const resumeTemplate: ResumeTemplate = {
  name: "[FIRST NAME] [LAST NAME]",
  contact: [
    "[City, State]",
    "[(555) 555-0123]",
    "[first.last@university.edu]",
    "[linkedin.com/in/firstlast]",
  ],
  education: [
    {
      organization: "[University Name]",
      location: "[City, State]",
      title: "[Bachelor of Science in Finance; Minor in Economics]",
      dates: "Expected [May 2026]",
      bullets: [
        "GPA: [3.7/4.0]; Dean's List ([4] semesters); [Merit Scholarship recipient]",
        "Relevant Coursework: Corporate Finance, Financial Accounting, Investments & Portfolio Management, Financial Statement Analysis, Fixed Income, Econometrics",
        "Certifications: Bloomberg Market Concepts (BMC); [SIE Exam, passed Mar 2025]; [Financial modeling course]",
      ],
    },
  ],
  experience: [
    {
      organization: "[Wealth Management Firm]",
      location: "[City, State]",
      title: "[Summer Analyst, Private Wealth Management]",
      dates: "[Jun 2025 – Aug 2025]",
      bullets: [
        "Built an Excel review template covering allocation, benchmark-relative returns and fees for [25] client households with [$40M] in assets, cutting advisor meeting prep from [3] hours to [1]",
        "Screened [150+] mutual funds and ETFs on expense ratio, tracking error and 5-year Sharpe ratio; [3] recommendations added to the team's model portfolio",
        "Drafted [10] client-ready market updates on rates and equity earnings, distributed to [200+] households",
        "Reconciled [400+] account transfers in the CRM, resolving [30] discrepancies before quarter-end reporting",
      ],
    },
    {
      organization: "[Company Name]",
      location: "[City, State]",
      title: "[Financial Analyst Intern, FP&A]",
      dates: "[Jan 2025 – May 2025]",
      bullets: [
        "Rebuilt the monthly budget-vs-actual analysis for a [$20M] operating budget, flagging [$450K] of overspend across [4] cost centers",
        "Automated a weekly sales dashboard with Power Query and pivot tables, saving the team [5] hours per week",
        "Prepared a [10]-slide cost-reduction deck for the CFO; [2] of [3] recommendations adopted in the next budget cycle",
      ],
    },
    {
      organization: "[Employer – part-time or non-finance roles count]",
      location: "[City, State]",
      title: "[Shift Supervisor]",
      dates: "[Sep 2022 – Present]",
      bullets: [
        "Supervise a team of [6] across [15] hours per week while carrying a full course load; trained [8] new hires",
        "Reconcile [$4,000+] in daily sales and cash; zero till discrepancies over [18] months",
        "Raised the store's customer-satisfaction score from [82%] to [91%] by redesigning the weekend staffing schedule",
      ],
    },
  ],
  leadership: [
    {
      organization: "[Student Investment Fund]",
      location: "[University Name]",
      title: "[Equity Research Analyst, Consumer Sector]",
      dates: "[Sep 2023 – Present]",
      bullets: [
        "Pitched a long thesis on [Company] using DCF and trading comps implying [18%] upside; fund allocated [$6K] of its [$75K] portfolio",
        "Lead a team of [4] analysts producing weekly earnings recaps for [40] members",
      ],
    },
    {
      organization: "[Finance Society / Student Organization]",
      location: "[University Name]",
      title: "[Treasurer]",
      dates: "[Jan 2024 – Present]",
      bullets: [
        "Manage a [$25K] annual budget; secured [$8K] in sponsorship from [3] local firms for a [120]-attendee careers night",
      ],
    },
  ],
  skills: [
    {
      label: "Technical",
      text: "Excel (XLOOKUP, INDEX/MATCH, pivot tables, 3-statement modeling, DCF), PowerPoint, Bloomberg Terminal, [Capital IQ / FactSet], [Python, SQL]",
    },
    { label: "Languages", text: "[Spanish (fluent)], [Mandarin (conversational)]" },
    {
      label: "Interests",
      text: "[Completed 2 half-marathons], [Chess (club rating 1650)], [Reading founder biographies], [Following the Premier League]",
    },
  ],
  guidanceTitle: "How to use this template (delete this box before sending)",
  guidance: [
    'Keep it to one page: 10–11pt font, margins of at least 0.5", saved as a PDF named First-Last-Resume.pdf.',
    "Education stays on top while you are a student or within about two years of graduating. Show GPA if it is 3.5+ (or your major GPA if that is higher).",
    "Write every bullet as action verb + what you did + a quantified result. Every number must be true and something you can explain in an interview.",
    "Non-finance jobs belong here: they prove responsibility, client service and reliability. Quantify them like any other role.",
    "Make Interests specific — they are conversation starters. Replace everything in [brackets] and tailor Coursework to each role.",
  ],
};
