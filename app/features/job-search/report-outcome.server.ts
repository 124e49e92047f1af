import type { Trx } from "~/db/database.server";
import { isProfileTrack } from "~/features/portal/student-profile";
import { MAX_APPLICATIONS } from "./job-search-forms";
import { countOf, insertApplication, listApplications } from "./job-search.server";
import {
  detailRefusal,
  recordMove,
  type OfferDetail,
  type RecordOutcome,
} from "./record-move.server";
import { moveRefusal, suggestedRound, type Stage } from "./stages";

/**
 * /portal/interviews, the quick way to report (decision 0063): an interview or an offer reported
 * there moves the student's application with the same firm and role (trimmed, any case) that may
 * move so (to Interview, its next round; to Offer), the latest added first; with none, a new
 * application (source "other") whose first entry is that move. Either way recordMove writes the
 * rows, so the page and the application's move form land in the same rows.
 */

export interface Report {
  firm: string;
  role: string;
  to: "interview" | "offer";
  interviewDate?: string;
  /** The offer, with the track the student chose for it. */
  offer?: OfferDetail & { track: string };
}

export type ReportMoveOutcome = RecordOutcome | { kind: "too_many_applications" };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function moveByReport(
  trx: Trx,
  personId: string,
  report: Report,
  now: Date,
): Promise<ReportMoveOutcome> {
  const checked = await detailRefusal(trx, personId, report.to);
  if ("refusal" in checked) return { kind: checked.refusal };
  const roundAfter = (from: { stage: Stage; round: number | null }) =>
    report.to === "interview" ? suggestedRound(from) : null;
  const match = (await listApplications(trx, personId)).find(
    (row) =>
      sameName(row.firm, report.firm) &&
      sameName(row.role, report.role) &&
      moveRefusal(row, { stage: report.to, round: roundAfter(row) }) === null,
  );
  const track = report.offer?.track ?? null;
  let application;
  if (match) {
    application = { id: match.id, track: match.track, firm: match.firm, role: match.role };
  } else {
    if ((await countOf(trx, personId)) >= MAX_APPLICATIONS)
      return { kind: "too_many_applications" };
    const fields = {
      firm: report.firm,
      role: report.role,
      track: track && isProfileTrack(track) ? track : null,
      url: null,
      location: null,
      deadline: null,
      source: "other" as const,
      contact: null,
      nextStep: null,
      notes: null,
    };
    const id = await insertApplication(trx, personId, fields, [], now.toISOString());
    application = { id, track: fields.track, firm: report.firm, role: report.role };
  }
  return recordMove(
    trx,
    {
      application: { id: application.id, personId, track: application.track },
      firm: application.firm,
      role: application.role,
      current: match ? { moveId: match.move_id, stage: match.stage } : null,
      to: report.to,
      round: match ? roundAfter(match) : report.to === "interview" ? 1 : null,
      note: null,
      interviewDate: report.interviewDate,
      offer: report.offer,
      by: { role: "student", id: personId },
    },
    now,
  );
}
