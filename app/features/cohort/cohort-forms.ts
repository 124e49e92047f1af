import { consoleText } from "~/content/console";
import { loginSchema } from "~/features/accounts/admin-login";
import { mentoringConsole } from "~/features/portal/portal-console.words";
import { rowId } from "~/lib/text-fields";
import { z } from "~/lib/zod";
import { cohortSettingsSchema, newCohortSchema } from "./cohort-settings";
import { cohortConsole } from "./cohorts.words";

/** The cohorts page: create the next cohort, or make one current. */
export const cohortsFormSchema = z.discriminatedUnion("intent", [
  newCohortSchema.extend({ intent: z.literal("create") }),
  z.object({ intent: z.literal("make_current"), id: rowId(consoleText.notFound) }),
]);

const queueEntry = rowId(cohortConsole.notWaiting);

/**
 * One cohort's page: move a seat-queue entry up, offer it a seat, or remove it; move a paid
 * student (a person id) to another mentor.
 */
export const seatQueueFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move_up"), id: queueEntry }),
  z.object({ intent: z.literal("offer"), id: queueEntry }),
  z.object({ intent: z.literal("remove"), id: queueEntry }),
  z.object({
    intent: z.literal("move_mentor"),
    student: rowId(mentoringConsole.studentRequired).max(100, mentoringConsole.notStudent),
    mentor: rowId(mentoringConsole.mentorRequired).max(100, mentoringConsole.noSuchMentor),
  }),
]);

/**
 * The sign-in page is also the settings page: sign in, sign out, save the current cohort (in the
 * year `currentYear`, which bounds the earliest graduation year).
 */
export const cohortSettingsFormSchema = (currentYear: number) =>
  z.discriminatedUnion("intent", [
    loginSchema.extend({ intent: z.literal("login") }),
    z.object({ intent: z.literal("logout") }),
    cohortSettingsSchema(currentYear).extend({ intent: z.literal("save") }),
  ]);
