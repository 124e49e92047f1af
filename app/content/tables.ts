/** The words of the data tables (app/components/ui/table.tsx). */
export const tableText = {
  /** Shown on a phone under a table too wide for it; a shadow marks the hidden side. */
  scrollHint: "Scroll the table sideways for more columns →",
} as const;
