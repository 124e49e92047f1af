import type { DB } from "~/db/database.server";
import { studentSeat } from "~/features/portal/seat.server";
import { enrollmentEmails } from "./enroll.words";
import { startDateDisplay } from "~/features/cohort/cohort";
import type { EmailContent } from "~/mail/message";

/**
 * The onboarding email as it reads now (decision 0040): the student's latest paid seat, its
 * cohort's start and its mentor (an active one), and the address they sign in to the portal
 * with. Used when the email is queued at payment and again by the mail worker just before it
 * goes; null when the person no longer has a paid seat (refunded in the meantime): nothing goes.
 */
export async function onboardingEmail(
  db: DB,
  personId: string,
  config: { publicUrl: string },
): Promise<EmailContent | null> {
  // The zone is not read here: the onboarding email names no time.
  const seat = await studentSeat(db, personId, "UTC");
  if (!seat) return null;
  return enrollmentEmails.onboarding({
    firstName: seat.student.firstName,
    startDisplay: startDateDisplay(seat.startDate),
    mentorName: seat.mentor?.name ?? null,
    email: seat.student.email,
    portalUrl: `${config.publicUrl}/portal`,
    preworkUrl: `${config.publicUrl}/portal/prework`,
  });
}
