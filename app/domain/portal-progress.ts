/**
 * How far a student is through the portal's onboarding checklist, as the owner's console shows
 * it (issue 34). Pure: reads the student's profile row, nothing else.
 *
 * Counted today: the profile is complete (`profile_done_at` set) and the week 1 pre-work is read
 * (`prework_read_at` set). The calendar item joins with the calendar feed (next issue).
 */
export interface ChecklistMarks {
  profileDoneAt: string | null;
  preworkReadAt: string | null;
}

export const CHECKLIST_ITEMS = ["profile", "prework"] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

export interface ChecklistProgress {
  done: number;
  total: number;
  /** Each item, in the checklist's order, with whether it is done. */
  items: { item: ChecklistItem; done: boolean }[];
}

/** The progress of a student who may have no profile row yet (never signed in). */
export function checklistProgress(marks: ChecklistMarks | null): ChecklistProgress {
  const doneOf: Record<ChecklistItem, boolean> = {
    profile: Boolean(marks?.profileDoneAt),
    prework: Boolean(marks?.preworkReadAt),
  };
  const items = CHECKLIST_ITEMS.map((item) => ({ item, done: doneOf[item] }));
  return {
    done: items.filter((entry) => entry.done).length,
    total: items.length,
    items,
  };
}
