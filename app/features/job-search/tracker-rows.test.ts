import { describe, expect, it } from "vitest";
import { trackerColumns, trackerStatuses } from "~/features/resources/application-tracker.words";
import {
  dateOfCell,
  EXPORT_COLUMNS,
  plainCell,
  readTrackerRows,
  stageOfStatus,
  trackerRowOf,
  trackerStatus,
  trackOfDivision,
  type Cell,
  type ExportApplication,
} from "./tracker-rows";
import { STAGES } from "./stages";

const HEADER: Cell[] = [...trackerColumns];

/** A sheet row in the tracker's columns. */
const row = (values: Partial<Record<(typeof trackerColumns)[number], Cell>>): Cell[] =>
  trackerColumns.map((column) => values[column] ?? null);

const read = (...rows: Cell[][]) => readTrackerRows([HEADER, ...rows], 500);

describe("readTrackerRows", () => {
  it("reads a tracker row into an application, its stage from the Status column", () => {
    const reading = read(
      row({
        Firm: "Harborview Wealth",
        Division: "Private Wealth Management",
        Role: "Summer Analyst",
        Location: "Chicago, IL",
        Deadline: new Date("2026-10-15T00:00:00Z"),
        "Date Applied": "9/22/2026",
        Status: "First Round",
        Contact: "Jane Doe",
        Referral: "Yes",
        "Next Step": "Thank-you note",
        Notes: "Read the outlook.",
      }),
    );
    expect(reading).toEqual({
      kind: "read",
      skipped: 0,
      problems: [],
      rows: [
        {
          row: 2,
          raw: {
            firm: "Harborview Wealth",
            role: "Summer Analyst",
            track: "Wealth Management",
            url: "",
            location: "Chicago, IL",
            deadline: "2026-10-15",
            source: "referral",
            contact: "Jane Doe",
            nextStep: "Thank-you note",
            notes: "Division: Private Wealth Management\nRead the outlook.",
            stage: "interview",
            round: "1",
            appliedOn: "2026-09-22",
          },
        },
      ],
    });
  });

  it("reads every status the tracker offers", () => {
    for (const status of trackerStatuses) expect(stageOfStatus(status)).not.toBeNull();
    expect(stageOfStatus("")).toEqual({ stage: "wishlist", round: null });
    expect(stageOfStatus("superday /  final round")).toEqual({ stage: "interview", round: 2 });
    expect(stageOfStatus("Interview (round 4)")).toEqual({ stage: "interview", round: 4 });
    expect(stageOfStatus("Ghosted")).toEqual({ stage: "ghosted", round: null });
    expect(stageOfStatus("Maybe")).toBeNull();
  });

  it("says which row and column it cannot read, and reads none of a bad row", () => {
    const reading = read(
      row({ Firm: "Good Co", Role: "Analyst", Status: "Applied" }),
      row({ Firm: "", Role: "Analyst", Deadline: "next week", Status: "Maybe" }),
      row({ Firm: "x".repeat(101), Role: "Analyst" }),
    );
    expect(reading.kind).toBe("read");
    if (reading.kind !== "read") return;
    expect(reading.rows.map((r) => r.row)).toEqual([2]);
    expect(reading.problems).toEqual([
      expect.stringMatching(/^Row 3, Status: Please use one of these statuses: Researching, /),
      "Row 3, Deadline: Please write a date, for example 2026-10-15",
      "Row 3, Firm: Please enter the firm",
      "Row 4, Firm: Please keep this under 100 characters",
    ]);
  });

  it("refuses a link that is not https", () => {
    const reading = readTrackerRows(
      [
        [...HEADER, "Link"],
        [...row({ Firm: "A", Role: "B" }), "javascript:alert(1)"],
      ],
      500,
    );
    expect(reading).toMatchObject({
      problems: ["Row 2, Link: Please enter a link that starts with https://"],
    });
  });

  it("skips the tracker's example rows and empty rows", () => {
    const reading = read(
      row({ Firm: "Example: Harborview Wealth Partners", Role: "Summer Analyst" }),
      row({}),
      row({ Firm: "Real Co", Role: "Analyst" }),
    );
    expect(reading).toMatchObject({ kind: "read", skipped: 1, rows: [{ row: 4 }] });
  });

  it("refuses a sheet without Firm and Role columns, an empty one, or one over the cap", () => {
    expect(readTrackerRows([["Company", "Role"]], 500)).toEqual({
      kind: "problem",
      message: "The sheet has no column named Firm",
    });
    expect(read()).toEqual({ kind: "problem", message: "The sheet has no applications in it" });
    const many = Array.from({ length: 3 }, (_, i) => row({ Firm: `F${i}`, Role: "R" }));
    expect(readTrackerRows([HEADER, ...many], 2)).toEqual({
      kind: "problem",
      message: "The sheet has more than 2 rows: split it and try again",
    });
  });

  it("takes the source from a Source column, else Referral, else Networking", () => {
    const sourceOf = (cells: Cell[], header = HEADER) => {
      const reading = readTrackerRows([header, cells], 500);
      return reading.kind === "read" ? reading.rows[0]?.raw.source : reading;
    };
    expect(sourceOf([...row({ Firm: "A", Role: "B" }), "Career fair"], [...HEADER, "Source"])).toBe(
      "career_fair",
    );
    expect(sourceOf(row({ Firm: "A", Role: "B", Referral: "Yes" }))).toBe("referral");
    expect(sourceOf(row({ Firm: "A", Role: "B", Status: "Networking" }))).toBe("networking");
    expect(sourceOf(row({ Firm: "A", Role: "B" }))).toBe("other");
  });
});

describe("cells", () => {
  it("reads dates as dates, Excel serials, ISO or US text", () => {
    expect(dateOfCell(new Date("2026-10-15T00:00:00Z"))).toBe("2026-10-15");
    expect(dateOfCell(46310)).toBe("2026-10-15");
    expect(dateOfCell("2026-10-15")).toBe("2026-10-15");
    expect(dateOfCell("10/15/26")).toBe("2026-10-15");
    expect(dateOfCell(null)).toBe("");
    expect(dateOfCell("soon")).toBeNull();
    expect(dateOfCell(12)).toBeNull();
  });

  it("makes rich text, formulas and hyperlinks plain", () => {
    expect(plainCell({ richText: [{ text: "Gold" }, { text: "man" }] })).toBe("Goldman");
    expect(plainCell({ formula: "A1", result: "Applied" })).toBe("Applied");
    expect(plainCell({ text: "posting", hyperlink: "https://x.example" })).toBe("posting");
    expect(plainCell(true)).toBe("Yes");
    expect(plainCell(undefined)).toBeNull();
  });

  it("finds the track a division names", () => {
    expect(trackOfDivision("banking")).toBe("Banking");
    expect(trackOfDivision("Sales & Trading – Fixed Income")).toBe("Capital Markets");
    expect(trackOfDivision("Strategy Consulting")).toBe("Consulting");
    expect(trackOfDivision("Marketing")).toBe("");
  });
});

describe("export", () => {
  const app: ExportApplication = {
    firm: "Acme",
    role: "Analyst",
    track: "Banking",
    url: "https://acme.example/jobs/1",
    location: "NYC",
    deadline: "2026-10-01",
    source: "career_fair",
    contact: null,
    nextStep: null,
    notes: "Met at the fair",
    stage: "interview",
    round: 3,
    appliedOn: "2026-09-01",
  };

  it("writes the tracker's columns, then Link and Source", () => {
    expect(Object.keys(trackerRowOf(app))).toEqual([...EXPORT_COLUMNS]);
    expect(trackerRowOf(app)).toMatchObject({
      Division: "Banking",
      Status: "Interview (round 3)",
      Referral: "No",
      Source: "Career fair",
    });
  });

  it("reads back every stage and round it writes", () => {
    for (const stage of STAGES)
      for (const round of stage === "interview" ? [1, 2, 3, 10] : [null])
        expect(stageOfStatus(trackerStatus(stage, round))).toEqual({ stage, round });
  });

  it("reads back what it writes", () => {
    const written = trackerRowOf(app);
    const reading = readTrackerRows(
      [[...EXPORT_COLUMNS], EXPORT_COLUMNS.map((column) => written[column])],
      500,
    );
    expect(reading).toMatchObject({
      kind: "read",
      rows: [
        {
          raw: {
            firm: "Acme",
            track: "Banking",
            url: "https://acme.example/jobs/1",
            source: "career_fair",
            stage: "interview",
            round: "3",
            appliedOn: "2026-09-01",
            notes: "Met at the fair",
          },
        },
      ],
    });
  });
});
