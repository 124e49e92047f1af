import { audienceSchema } from "~/features/marketing/broadcast";
import { weekContentSchema } from "~/features/coursework/coursework";
import type { Utm } from "~/features/analytics/utm";
import { log } from "~/lib/logger.server";
import { z } from "~/lib/zod";
import type { Database } from "./schema";

/**
 * The JSON text columns, read through one Zod schema each (decision record 0025). Our code writes
 * them with JSON.stringify of validated values, so a value that fails its schema was edited by
 * hand, left by an older version or broken by a bug. Reading one never throws: the reader gets the
 * column's fallback and the log gets a warning naming the column and the problem, never the value.
 */
export interface JsonColumn<T> {
  /** `table.column`, for the warning. */
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /** What a reader gets instead: built from the parsed JSON, or from undefined when it is not JSON. */
  readonly fallback: (value: unknown) => T;
}

function jsonColumn<Table extends keyof Database, T>(
  table: Table,
  column: keyof Database[Table] & string,
  schema: z.ZodType<T>,
  fallback: (value: unknown) => NoInfer<T>,
): JsonColumn<T> {
  return { name: `${table}.${column}`, schema, fallback };
}

/** Parses a JSON column's text; a null column reads as null. */
export function parseJsonColumn<T>(column: JsonColumn<T>, text: string): T;
export function parseJsonColumn<T>(column: JsonColumn<T>, text: string | null): T | null;
export function parseJsonColumn<T>(column: JsonColumn<T>, text: string | null): T | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    log.warn("json column unreadable", { column: column.name, problem: "invalid JSON" });
    return column.fallback(undefined);
  }
  const result = column.schema.safeParse(value);
  if (result.success) return result.data;
  log.warn("json column unreadable", {
    column: column.name,
    // Paths and codes only: a message or a value could carry what a person typed.
    problem: result.error.issues
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.code}`)
      .join("; "),
  });
  return column.fallback(value);
}

/** The strings of a list that also holds something else, so a stray item costs only itself. */
function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
}

const stringList = z.array(z.string());

const utm = z.object({
  utm_source: z.string().optional(),
  utm_medium: z.string().optional(),
  utm_campaign: z.string().optional(),
  utm_content: z.string().optional(),
  utm_term: z.string().optional(),
  videoId: z.string().optional(),
}) satisfies z.ZodType<Utm>;

export const personTags = jsonColumn("people", "tags", stringList, stringsOf);
export const personLeadMagnets = jsonColumn("people", "lead_magnets", stringList, stringsOf);
/** A touch that cannot be read counts as no touch, as for a person who arrived untagged. */
export const personFirstTouch = jsonColumn("people", "first_touch", utm.nullable(), () => null);
export const personLastTouch = jsonColumn("people", "last_touch", utm.nullable(), () => null);
/** The person's last touch as it stood when they paid (a copy of people.last_touch). */
export const paymentLastTouch = jsonColumn("payments", "last_touch", utm.nullable(), () => null);
/** The finance tracks a student targets (their portal profile); unreadable reads as none. */
export const studentTargetRoles = jsonColumn(
  "student_profiles",
  "target_roles",
  stringList,
  stringsOf,
);

/** A submission's answers as the form sent them: any JSON object. */
export const submissionFormData = jsonColumn(
  "submissions",
  "form_data",
  z.record(z.string(), z.unknown()),
  () => ({}),
);
/** The one answer the counts and an erasure keep: which resource a lead asked for. */
export const submissionResource = jsonColumn(
  "submissions",
  "form_data",
  z.object({ resourceType: z.string().optional() }),
  () => ({}),
);
export const submissionUtm = jsonColumn("submissions", "utm", utm, () => ({}));

/** A broadcast's audience; unreadable reads as null, and the broadcast is then not queued. */
export const broadcastAudience = jsonColumn(
  "broadcasts",
  "audience",
  audienceSchema.nullable(),
  () => null,
);

/** The resource-library files a program week offers. */
export const programWeekResources = jsonColumn("program_weeks", "resources", stringList, stringsOf);
/** A week as a cohort was given it; unreadable reads as not frozen (the current week is shown). */
export const cohortWeekContent = jsonColumn(
  "cohort_weeks",
  "content",
  weekContentSchema.nullable(),
  () => null,
);
