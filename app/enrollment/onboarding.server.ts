import type { Kysely } from "kysely";
import { enrollmentEmails } from "~/content/enroll";
import type { Database } from "~/db/schema";
import { startDateDisplay } from "~/domain/cohort";
import type { EmailContent } from "~/mail/message";

/**
 * The onboarding email as it reads now (decision 0040): the student's latest paid seat, its
 * cohort's start and its mentor (an active one), and the address they sign in to the portal
 * with. Used when the email is queued at payment and again by the mail worker just before it
 * goes; null when the person no longer has a paid seat (refunded in the meantime): nothing goes.
 */
export async function onboardingEmail(
  db: Kysely<Database>,
  personId: string,
  config: { publicUrl: string },
): Promise<EmailContent | null> {
  const seat = await db
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .innerJoin("cohorts", "cohorts.id", "payments.cohort_id")
    .leftJoin("mentors", (join) =>
      join.onRef("mentors.id", "=", "payments.mentor_id").on("mentors.is_active", "=", 1),
    )
    .select([
      "people.first_name as firstName",
      "people.email",
      "cohorts.start_date as startDate",
      "mentors.name as mentorName",
    ])
    .where("payments.person_id", "=", personId)
    .where("payments.status", "=", "paid")
    .orderBy("payments.created_at", "desc")
    .executeTakeFirst();
  if (!seat) return null;
  return enrollmentEmails.onboarding({
    firstName: seat.firstName,
    startDisplay: startDateDisplay(seat.startDate),
    mentorName: seat.mentorName,
    email: seat.email,
    portalUrl: `${config.publicUrl}/portal`,
    preworkUrl: `${config.publicUrl}/portal/prework`,
  });
}
