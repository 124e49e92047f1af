import { createHash } from "node:crypto";
import { sendOnce } from "~/mail/sent-once.server";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import { recordingEmail } from "./attendance.words";
import { auditOwner, markableSession, rosterOf, type Marker } from "./marker.server";

export type RecordingOutcome =
  { kind: "saved"; emailed: number } | { kind: "not_found" | "cancelled" | "not_started" };

const linkKey = (url: string) => createHash("sha256").update(url).digest("hex").slice(0, 32);

/**
 * Attaches a recording link to a group session; each live student of the cohort (paid, not
 * refunded, not erased) is emailed the link once per distinct link (a sent_once key per session,
 * link and person, written with the email in one transaction), so posting it again sends nothing.
 * A cancelled session takes no recording (nothing stored, nobody emailed).
 */
export async function attachRecording(
  services: Services,
  marker: Marker,
  input: { sessionId: string; url: string; cohortId?: string },
): Promise<RecordingOutcome> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const portalUrl = `${services.config.publicUrl}/portal`;
  return services.db.transaction().execute(async (trx): Promise<RecordingOutcome> => {
    const found = await markableSession(trx, marker, input, now);
    if (found.kind !== "markable") return found;
    const { session } = found;
    if (session.recording_url !== input.url)
      await trx
        .updateTable("group_sessions")
        .set({ recording_url: input.url, updated_at: nowIso })
        .where("id", "=", session.id)
        .execute();
    const students = await rosterOf(trx, session.cohort_id, null, { reachable: true });
    let emailed = 0;
    for (const student of students) {
      const key = `recording:${session.id}:${linkKey(input.url)}:${student.personId}`;
      if (!(await sendOnce(trx, key, nowIso))) continue;
      const content = recordingEmail({
        firstName: student.firstName,
        week: session.week,
        topic: session.topic,
        url: input.url,
        portalUrl,
      });
      const to = { to: student.email, personId: student.personId };
      await enqueueEmail(
        trx,
        { kind: "group_session_recording", ...to, ...renderEmail(content) },
        now,
      );
      emailed += 1;
    }
    const details = { cohortId: session.cohort_id, sessionId: session.id, week: session.week };
    await auditOwner(trx, marker, "session.recording", { ...details, emailed }, now);
    return { kind: "saved", emailed };
  });
}
