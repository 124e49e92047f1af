import type { Trx } from "~/db/database.server";
import { randomUUID } from "node:crypto";
import { leadEmails } from "./lead-emails.words";
import { leadMagnets, resourceFileTitles, resourceFormatLabels } from "./lead-magnets.words";
import { parseJsonColumn, personLeadMagnets, personTags } from "~/db/json-columns.server";
import { leadFormData, type LeadForm } from "./lead-form";
import { mergeLeadLists, type ResourceType } from "./lead-magnets";
import { resumeAdminUrl } from "~/features/uploads/resume-upload";
import { leadSourceOf } from "~/features/analytics/utm";
import { renderEmail, type EmailContent } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { reserveRecipientSlot, withRecipientSlot } from "~/mail/recipient-quota.server";
import { mailTiming, type MailTiming } from "~/mail/recipient-quota";
import { effectiveConsentMode } from "~/features/marketing/marketing";
import { recordConsent } from "~/features/marketing/consent.server";
import { startSequence } from "~/features/marketing/sequences.server";
import { upsertFormPerson, type FormVisitor } from "~/features/people/identity.server";
import { recordSubmission } from "~/features/people/submissions.server";
import { resourceFormats, type ResourceFormat } from "~/features/resources/formats";
import type { Services } from "~/context";
import { createDownload, downloadUrl } from "./downloads.server";
import {
  isRecentResume,
  sha256Hex,
  storeResume,
} from "~/features/resume-reviews/resume-upload.server";

export interface LeadRequest {
  form: LeadForm;
  resourceType: ResourceType;
  /** The resume sent for review, already checked by content (checkDocx). */
  resume?: Uint8Array;
}

export interface LeadResult {
  personId: string;
  /** False when this was a repeat of the same request within a minute. */
  stored: boolean;
  /** When the email goes: the address's quota may put it off (mail/recipient-quota.ts). */
  mail: MailTiming;
}

/**
 * Every lead form ends here. In one transaction: the person (by email), their tag and lead
 * magnet, the submission, the resume if one was sent, and the email to deliver: personal
 * download links, or the confirmation that the resume arrived.
 */
export async function submitLead(
  services: Services,
  request: LeadRequest,
  visitor: FormVisitor,
): Promise<LeadResult> {
  const now = services.clock.now();
  // Charged before the transaction (see reserveRecipientSlot), given back if no email is queued:
  // a full quota delays the email, never the request.
  const slot = await reserveRecipientSlot(services.limits.recipients, request.form.email, now);
  return withRecipientSlot(slot, () => storeLead(services, request, visitor, now, slot.sendAfter));
}

async function storeLead(
  services: Services,
  request: LeadRequest,
  visitor: FormVisitor,
  now: Date,
  sendAfter: Date | null,
): Promise<{ result: LeadResult; queued: boolean }> {
  const { form, resourceType } = request;
  const nowIso = now.toISOString();
  const utm = visitor.attribution?.last ?? {};
  const source = leadSourceOf(utm);
  return services.db.transaction().execute(async (trx) => {
    // A post for someone else's address still gets them the resource, but keeps their profile
    // and greets them by the name on file (identity.server.ts).
    const { proven, person } = await upsertFormPerson(trx, form, visitor, nowIso);
    const resume = request.resume
      ? { id: randomUUID(), bytes: request.resume, sha256: sha256Hex(request.resume) }
      : null;
    if (resume && (await isRecentResume(trx, person.id, resume.sha256, now)))
      return {
        result: { personId: person.id, stored: false, mail: "now" as const },
        queued: false,
      };

    const submissionId = await recordSubmission(
      trx,
      {
        personId: person.id,
        type: "lead_magnet",
        formData: leadFormData(
          form,
          resourceType,
          utm,
          source,
          resume ? { resumeUrl: resumeAdminUrl(resume.id) } : {},
        ),
        status: "completed",
        source,
        utm,
        email: form.email,
        visitorId: visitor.visitorId,
      },
      now,
    );
    if (!submissionId)
      return {
        result: { personId: person.id, stored: false, mail: "now" as const },
        queued: false,
      };

    await addLeadMagnet(trx, person.id, resourceType, nowIso);
    // Only a post that speaks for the person may change what mail they get.
    if (proven) {
      const mayGetTips = await recordConsent(
        trx,
        person.id,
        {
          mode: effectiveConsentMode(services.config.marketingConsent, form.consentShown),
          ticked: form.marketingConsent === "yes",
          source: `lead:${resourceType}`,
        },
        now,
      );
      if (mayGetTips && person.status === "lead")
        await startSequence(trx, person.id, resourceType, now);
    }
    let content: EmailContent;
    if (resume) {
      await storeResume(
        trx,
        { ...resume, personId: person.id, submissionId, email: form.email },
        now,
      );
      content = leadEmails.resumeReceived(person.firstName);
    } else {
      const files = [];
      for (const key of leadMagnets[resourceType].files) {
        // One token per file: its PDF and Word links record the same download.
        const token = await createDownload(trx, person.id, key, nowIso);
        const formats: readonly ResourceFormat[] = resourceFormats[key];
        files.push({
          title: resourceFileTitles[key],
          links: formats.map((format) => ({
            label: resourceFormatLabels[format].download,
            url: downloadUrl(services.config.publicUrl, token, key, format),
          })),
        });
      }
      content = leadEmails.delivery(person.firstName, leadMagnets[resourceType].sentItem, files);
    }
    if (sendAfter) {
      await enqueueEmail(
        trx,
        {
          kind: `lead_${resourceType}`,
          to: form.email,
          personId: person.id,
          sendAfter,
          ...renderEmail(content),
        },
        now,
      );
    }
    return {
      result: { personId: person.id, stored: true, mail: mailTiming(sendAfter, now) },
      queued: sendAfter !== null,
    };
  });
}

/** The resource's tag and the lead magnet join the person's lists, once each. */
async function addLeadMagnet(trx: Trx, personId: string, resourceType: ResourceType, now: string) {
  const row = await trx
    .selectFrom("people")
    .select(["tags", "lead_magnets"])
    .where("id", "=", personId)
    .executeTakeFirstOrThrow();
  const lists = mergeLeadLists(
    {
      tags: parseJsonColumn(personTags, row.tags),
      leadMagnets: parseJsonColumn(personLeadMagnets, row.lead_magnets),
    },
    resourceType,
  );
  await trx
    .updateTable("people")
    .set({
      tags: JSON.stringify(lists.tags),
      lead_magnets: JSON.stringify(lists.leadMagnets),
      last_lead_magnet_type: resourceType,
      last_lead_magnet_at: now,
      updated_at: now,
    })
    .where("id", "=", personId)
    .execute();
}
