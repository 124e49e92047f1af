/**
 * The tracker spreadsheet the site gives away (app/features/resources/application-tracker.*), read
 * row by row into applications and written back in its own columns (issue 47, item 2). Pure: the
 * cells come in already read from the workbook (tracker-file.server.ts).
 *
 * The tracker's Status column has its own words; each reads as one of our stages, and each stage
 * is written back as the tracker's word where it has one, else as ours ("Ghosted"), so a file we
 * export comes back in as it went out. Two columns the tracker lacks, Link and Source, are added
 * at the end of an export and read when present.
 */
import { PROFILE_TRACKS } from "~/features/portal/student-profile";
import {
  trackerColumns,
  trackerStatuses,
  type TrackerColumn,
} from "~/features/resources/application-tracker.words";
import { importRowSchema, type ApplicationFields, type RawImportRow } from "./job-search-forms";
import { importText, SOURCE_LABELS, STAGE_LABELS } from "./job-search.words";
import { SOURCES, STAGES, type ApplicationSource, type Stage } from "./stages";

/** A cell as the workbook gives it, made plain. */
export type Cell = string | number | Date | null;

/** The columns an export writes: the tracker's own, then the two it lacks. */
export const EXPORT_COLUMNS = [...trackerColumns, "Link", "Source"] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly ExportColumn[] = ["Firm", "Role"];

/** The tracker's statuses (and ours) as stages; the keys are lower case. */
const STATUS_STAGES: Record<string, { stage: Stage; round: number | null }> = {
  researching: { stage: "wishlist", round: null },
  networking: { stage: "wishlist", round: null },
  applied: { stage: "applied", round: null },
  "online assessment": { stage: "applied", round: null },
  "first round": { stage: "interview", round: 1 },
  "superday / final round": { stage: "interview", round: 2 },
  ...Object.fromEntries(
    STAGES.map((stage) => [
      STAGE_LABELS[stage].toLowerCase(),
      { stage, round: stage === "interview" ? 1 : null },
    ]),
  ),
};

/** The words a Status cell may hold, as a row's message lists them. */
const STATUS_WORDS = [...new Set([...trackerStatuses, ...STAGES.map((s) => STAGE_LABELS[s])])].join(
  ", ",
);

/** A stage as the tracker's Status column says it. */
export function trackerStatus(stage: Stage, round: number | null): string {
  if (stage === "wishlist") return "Researching";
  if (stage !== "interview") return STAGE_LABELS[stage];
  if (round === 1 || round === null) return "First Round";
  if (round === 2) return "Superday / Final Round";
  return `${STAGE_LABELS.interview} (round ${round})`;
}

/** The stage a Status cell names, or null for a word we do not know. */
export function stageOfStatus(status: string): { stage: Stage; round: number | null } | null {
  const key = status.trim().replace(/\s+/g, " ").toLowerCase();
  if (key === "") return { stage: "wishlist", round: null };
  const round = /^interview \(round (\d{1,2})\)$/.exec(key);
  if (round) return { stage: "interview", round: Number(round[1]) };
  return STATUS_STAGES[key] ?? null;
}

/** A workbook's cell value (text, number, date, rich text, formula, hyperlink) made plain. */
export function plainCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || value instanceof Date) return value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value !== "object") return null;
  const cell = value as {
    richText?: { text: string }[];
    result?: unknown;
    formula?: unknown;
    text?: unknown;
  };
  if (Array.isArray(cell.richText)) return cell.richText.map((run) => run.text).join("");
  if ("formula" in cell || "sharedFormula" in cell) return plainCell(cell.result);
  if (typeof cell.text === "string") return cell.text;
  return null;
}

const text = (cell: Cell | undefined): string =>
  cell === null || cell === undefined
    ? ""
    : cell instanceof Date
      ? cell.toISOString().slice(0, 10)
      : String(cell).trim();

/** Excel counts days from 1899-12-30; dates from 2000 to 2099 are 36526 to 73050. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date cell as YYYY-MM-DD; '' when empty; null when it is not a date. */
export function dateOfCell(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined || cell === "") return "";
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === "number")
    return cell >= 36526 && cell < 73051
      ? new Date(EXCEL_EPOCH + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10)
      : null;
  const value = cell.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (!us) return null;
  const year = us[3]!.length === 2 ? `20${us[3]}` : us[3]!;
  return `${year}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}`;
}

/** The track a Division names: the track itself, or the track its words point to. */
export function trackOfDivision(division: string): string {
  const lower = division.toLowerCase();
  const exact = PROFILE_TRACKS.find((track) => track.toLowerCase() === lower);
  if (exact) return exact;
  if (/wealth/.test(lower)) return "Wealth Management";
  if (/capital markets|trading|sales/.test(lower)) return "Capital Markets";
  if (/consult/.test(lower)) return "Consulting";
  if (/bank|m&a|advisory/.test(lower)) return "Banking";
  return "";
}

function sourceOf(sourceCell: string, referral: string, status: string): ApplicationSource {
  const named = sourceCell.toLowerCase();
  const source = SOURCES.find((key) => key === named || SOURCE_LABELS[key].toLowerCase() === named);
  if (source) return source;
  if (referral.toLowerCase() === "yes") return "referral";
  if (status.trim().toLowerCase() === "networking") return "networking";
  return "other";
}

/** Which column each field of a row was read from, to name it in a row's message. */
const FIELD_COLUMNS: Record<keyof RawImportRow, ExportColumn> = {
  firm: "Firm",
  role: "Role",
  track: "Division",
  url: "Link",
  location: "Location",
  deadline: "Deadline",
  source: "Source",
  contact: "Contact",
  nextStep: "Next Step",
  notes: "Notes",
  stage: "Status",
  round: "Status",
  appliedOn: "Date Applied",
};

export interface ReadRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  raw: RawImportRow;
}

export type SheetReading =
  | { kind: "problem"; message: string }
  | { kind: "read"; rows: ReadRow[]; problems: string[]; skipped: number };

/**
 * The sheet's rows (the first is the header) as applications: each row it can read, a message for
 * each it cannot, and how many example rows ("Example: …" in Firm) it skipped. Empty rows are
 * left out. A sheet without Firm and Role columns, or with more than `maxRows`, is refused whole.
 */
export function readTrackerRows(
  sheet: readonly (readonly Cell[])[],
  maxRows: number,
): SheetReading {
  const header = (sheet[0] ?? []).map((cell) => text(cell).toLowerCase());
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (name && !index.has(name)) index.set(name, i);
  });
  const missing = REQUIRED_COLUMNS.find((column) => !index.has(column.toLowerCase()));
  if (missing) return { kind: "problem", message: importText.problems.columns(missing) };
  const body = sheet
    .slice(1)
    .map((cells, i) => ({ cells, row: i + 2 }))
    .filter(({ cells }) => cells.some((cell) => text(cell) !== ""));
  if (body.length > maxRows)
    return { kind: "problem", message: importText.problems.tooManyRows(maxRows) };

  const rows: ReadRow[] = [];
  const problems: string[] = [];
  let skipped = 0;
  for (const { cells, row } of body) {
    const cell = (column: ExportColumn) => cells[index.get(column.toLowerCase()) ?? -1];
    if (/^example:/i.test(text(cell("Firm")))) {
      skipped += 1;
      continue;
    }
    const rowProblems = readRow(cell, row);
    if ("problems" in rowProblems) problems.push(...rowProblems.problems);
    else rows.push({ row, raw: rowProblems.raw });
  }
  if (rows.length === 0 && problems.length === 0)
    return { kind: "problem", message: importText.problems.empty };
  return { kind: "read", rows, problems, skipped };
}

function readRow(
  cell: (column: ExportColumn) => Cell | undefined,
  row: number,
): { raw: RawImportRow } | { problems: string[] } {
  const problems: string[] = [];
  const say = (column: ExportColumn, message: string) =>
    problems.push(importText.rowProblem(row, column, message));
  const status = text(cell("Status"));
  const stage = stageOfStatus(status);
  if (!stage) say("Status", importText.unknownStatus(STATUS_WORDS));
  const deadline = dateOfCell(cell("Deadline"));
  if (deadline === null) say("Deadline", importText.notADate);
  const appliedOn = dateOfCell(cell("Date Applied"));
  if (appliedOn === null) say("Date Applied", importText.notADate);
  const division = text(cell("Division"));
  const track = trackOfDivision(division);
  const notes = text(cell("Notes"));
  const raw: RawImportRow = {
    firm: text(cell("Firm")),
    role: text(cell("Role")),
    track,
    url: text(cell("Link")),
    location: text(cell("Location")),
    deadline: deadline ?? "",
    source: sourceOf(text(cell("Source")), text(cell("Referral")), status),
    contact: text(cell("Contact")),
    nextStep: text(cell("Next Step")),
    // A division that is not one of the tracks is kept, in the notes.
    notes:
      division && division !== track ? [`Division: ${division}`, notes].join("\n").trim() : notes,
    stage: stage?.stage ?? "wishlist",
    round: stage?.round ? String(stage.round) : "",
    appliedOn: appliedOn ?? "",
  };
  const parsed = importRowSchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof RawImportRow;
      say(FIELD_COLUMNS[field] ?? "Status", issue.message);
    }
  return problems.length > 0 ? { problems } : { raw };
}

/** An application as the tracker's row: what it says (the form's fields), its stage and when it was sent. */
export type ExportApplication = Omit<ApplicationFields, "track"> & {
  /** As stored: a track of an older list still exports. */
  track: string | null;
  stage: Stage;
  round: number | null;
  appliedOn: string | null;
};

export function trackerRowOf(app: ExportApplication): Record<ExportColumn, string | null> {
  const row: Record<TrackerColumn, string | null> = {
    Firm: app.firm,
    Division: app.track,
    Role: app.role,
    Location: app.location,
    Deadline: app.deadline,
    "Date Applied": app.appliedOn,
    Status: trackerStatus(app.stage, app.round),
    Contact: app.contact,
    Referral: app.source === "referral" ? "Yes" : "No",
    "Next Step": app.nextStep,
    Notes: app.notes,
  };
  return { ...row, Link: app.url, Source: SOURCE_LABELS[app.source] };
}
