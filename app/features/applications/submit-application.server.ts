import { readCohortSafely } from "~/features/cohort/cohort.server";
import { applicationEmails } from "./application-emails.words";
import { applicationFormData, type ApplicationForm } from "./application-form";
import { decideOutcome, type Outcome } from "./application-outcome";
import { hasSeatToHold } from "~/features/cohort/cohort";
import { joinQueue } from "~/features/cohort/queue.server";
import { countHeldSeats } from "~/features/enrollment/seats.server";
import { leadSourceOf } from "~/features/analytics/utm";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { reserveRecipientSlot, withRecipientSlot } from "~/mail/recipient-quota.server";
import { mailTiming, type MailTiming } from "~/mail/recipient-quota";
import { enrollLinkUrl } from "~/features/enrollment/enroll-link.server";
import { upsertFormPerson, type FormVisitor } from "~/features/people/identity.server";
import { effectiveConsentMode } from "~/features/marketing/marketing";
import { recordConsent } from "~/features/marketing/consent.server";
import { stopSequences } from "~/features/marketing/sequences.server";
import { changeStatus, leadSourceOfPerson } from "~/features/people/people.server";
import { recordSubmission } from "~/features/people/submissions.server";
import type { Services } from "~/context";

export interface ApplicationResult {
  outcome: Outcome;
  personId: string | null;
  /** False when this was a repeat of the same visitor's answers within a minute. */
  stored: boolean;
  /** Whether the post proved it speaks for the person (identity.server.ts): only then does the
   * browser become the applicant; otherwise the /enroll link goes to the address by email. */
  proven: boolean;
  /** When the applicant's email goes: the address's quota may put it off. */
  mail: MailTiming;
}

/**
 * Decides the outcome and, unless the applicant is not suited, stores everything in one
 * transaction: the person, the submission, the status change and the emails to send.
 */
export async function submitApplication(
  services: Services,
  form: ApplicationForm,
  visitor: FormVisitor,
): Promise<ApplicationResult> {
  const now = services.clock.now();
  const cohort = await readCohortSafely(services.db, now);
  // Seats held in open checkouts or offered to the queue are taken for a newcomer: they join the
  // queue, and a seat that comes back is offered to them in turn.
  const noSeat =
    !cohort ||
    !hasSeatToHold(cohort, await countHeldSeats(services.db, cohort.id, now.toISOString()));
  const outcome = decideOutcome(form, noSeat);
  if (outcome.kind === "not_suited")
    return { outcome, personId: null, stored: false, proven: false, mail: "now" };

  const { config } = services;
  const nowIso = now.toISOString();
  const utm = visitor.attribution?.last ?? {};
  const formData = applicationFormData(form);

  // Charged before the transaction (see reserveRecipientSlot), given back if no email is queued:
  // a full quota delays the email only.
  const slot = await reserveRecipientSlot(services.limits.recipients, form.email, now);
  const { sendAfter } = slot;
  return withRecipientSlot<ApplicationResult>(slot, () =>
    services.db.transaction().execute(async (trx) => {
      const { proven, person } = await upsertFormPerson(trx, form, visitor, nowIso);
      const submissionId = await recordSubmission(
        trx,
        {
          personId: person.id,
          type: "application",
          formData,
          status: outcome.status,
          source: leadSourceOf(utm),
          utm,
          email: form.email,
          visitorId: visitor.visitorId,
        },
        now,
      );
      if (!submissionId)
        return {
          result: { outcome, personId: person.id, stored: false, proven, mail: "now" as const },
          queued: false,
        };
      // Applying ends every nurture sequence; consent counts only from a post that is theirs.
      await stopSequences(trx, person.id, "applied", now);
      if (proven)
        await recordConsent(
          trx,
          person.id,
          {
            mode: effectiveConsentMode(config.marketingConsent, form.consentShown),
            ticked: form.marketingConsent === "yes",
            source: "application",
          },
          now,
        );
      // The greeting uses the name on file: an unproven post cannot put its words in their inbox.
      const firstName = person.firstName;
      const applicantEmail =
        outcome.kind === "qualified"
          ? applicationEmails.qualified(
              firstName,
              enrollLinkUrl(config, person.id, now),
              cohort?.capacity ?? null,
            )
          : outcome.kind === "has_questions"
            ? applicationEmails.hasQuestions(firstName)
            : applicationEmails.waitlist(firstName, outcome.variant, config.publicUrl);

      let mail: MailTiming = "now";
      let queued = false;
      // An enrolled student keeps their seat whatever a later form says (anyone can type an email).
      if (person.status !== "enrolled") {
        await changeStatus(trx, person.id, outcome.status, outcome.reason, nowIso);
        if (cohort && outcome.kind === "waitlist" && outcome.variant === "cohort_full") {
          await joinQueue(trx, cohort.id, person.id, nowIso);
        }
        mail = mailTiming(sendAfter, now);
        queued = sendAfter !== null;
        if (sendAfter) {
          await enqueueEmail(
            trx,
            {
              kind: `application_${outcome.kind}`,
              to: form.email,
              personId: person.id,
              sendAfter,
              ...renderEmail(applicantEmail),
            },
            now,
          );
        }
      }
      const notification = applicationEmails.ownerNotification({
        name: `${form.firstName} ${form.lastName}`,
        email: form.email,
        outcome: applicationEmails.outcomeWords(outcome),
        targets: form.careerTargets.join(", "),
        // The person's own lead source (their first tagged arrival, kept across visits and
        // browsers), not this visit's: a LinkedIn lead who applies later from a bookmark is LinkedIn.
        source: await leadSourceOfPerson(
          trx,
          person.id,
          leadSourceOf(visitor.attribution?.first ?? utm),
        ),
        question: form.hasQuestions ?? "",
        adminUrl: `${config.publicUrl}/admin/people/${person.id}`,
      });
      await enqueueEmail(
        trx,
        {
          kind: "owner_application",
          to: config.contactEmail,
          // Linked to the applicant so that erasing them also scrubs this message.
          personId: person.id,
          ...renderEmail(notification),
        },
        now,
      );
      return { result: { outcome, personId: person.id, stored: true, proven, mail }, queued };
    }),
  );
}
