// Copy for the application tracker spreadsheet: its columns, statuses, example rows and summary.

export const trackerColumns = [
  "Firm",
  "Division",
  "Role",
  "Location",
  "Deadline",
  "Date Applied",
  "Status",
  "Contact",
  "Referral",
  "Next Step",
  "Notes",
] as const;

export type TrackerColumn = (typeof trackerColumns)[number];

export const trackerStatuses = [
  "Researching",
  "Networking",
  "Applied",
  "Online Assessment",
  "First Round",
  "Superday / Final Round",
  "Offer",
  "Rejected",
  "Withdrawn",
] as const;

export type TrackerStatus = (typeof trackerStatuses)[number];

export const trackerReferralOptions = ["Yes", "No"] as const;

export interface TrackerRow {
  Firm: string;
  Division: string;
  Role: string;
  Location: string;
  /** ISO date (YYYY-MM-DD). */
  Deadline?: string;
  /** ISO date (YYYY-MM-DD). */
  "Date Applied"?: string;
  Status: TrackerStatus;
  Contact: string;
  Referral: (typeof trackerReferralOptions)[number];
  "Next Step": string;
  Notes: string;
}

export const trackerSheetNames = { applications: "Applications", summary: "Summary" } as const;

export const trackerExampleRows: readonly TrackerRow[] = [
  {
    Firm: "Example: Harborview Wealth Partners",
    Division: "Private Wealth Management",
    Role: "Summer Analyst",
    Location: "Chicago, IL",
    Deadline: "2025-10-15",
    "Date Applied": "2025-09-22",
    Status: "First Round",
    Contact: "Jane Doe (alum, Associate)",
    Referral: "Yes",
    "Next Step": "Send thank-you note; prep behavioral answers",
    Notes: "Example row – delete before use. Jane suggested reading the firm's quarterly outlook.",
  },
  {
    Firm: "Example: Meridian Capital Markets",
    Division: "Sales & Trading – Fixed Income",
    Role: "Summer Analyst",
    Location: "New York, NY",
    Deadline: "2025-11-01",
    Status: "Networking",
    Contact: "John Smith (VP, rates desk)",
    Referral: "No",
    "Next Step": "Follow-up #1 due next Tuesday",
    Notes: "Example row – delete before use.",
  },
];

export const trackerSummary = {
  statusHeader: "Status",
  countHeader: "Count",
  totalLabel: "Total",
  note: "Counts update automatically from the Status column on the Applications sheet. Delete the example rows there before you start.",
} as const;
