import { data, useNavigation } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { PersonActivity } from "~/features/people/person-activity";
import { PortalCard } from "~/features/portal/person-portal";
import { personPortal } from "~/features/portal/owner-view.server";
import { endPortalSessionsByOwner } from "~/features/portal/session.server";
import { PrivacyCard, RefundCard, StatusCard } from "~/features/people/person-action-cards";
import { WithdrawalCard } from "~/features/withdrawals/person-withdrawal";
import { PlanCard } from "~/features/payment-plans/plan-card";
import {
  HistoryCard,
  MarketingCard,
  ProfileCard,
  SubmissionsCard,
  TouchesCard,
} from "~/features/people/person-profile";
import { EnrollmentCard, NotesCard, PersonSummary, ReplyCard } from "~/features/people/person-work";
import { getCohort } from "~/features/cohort/cohort.server";
import { isCohortFull } from "~/features/cohort/cohort";
import { adminMeta } from "~/lib/meta";
import {
  addNote,
  offerSeatTo,
  replyToPerson,
  sendEnrollLink,
} from "~/features/people/owner-actions.server";
import { personDetail } from "~/features/people/person-detail.server";
import {
  changeStatusByOwner,
  clearUndeliverableByOwner,
} from "~/features/people/person-status.server";
import { erasePerson } from "~/features/people/privacy.server";
import { cohortConsole as t } from "~/features/cohort/cohorts.words";
import { consoleText } from "~/content/console";
import { personFormSchema } from "~/features/people/person-form";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { localMailboxDir } from "~/mail/transport.server";
import { parseForm, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/person";
import { notFound, orNotFound } from "~/lib/or-not-found";
import { answerWithdrawalDecision } from "~/features/withdrawals/decision-action.server";
import { withdrawalAndPlan } from "~/features/payment-plans/plan-owner.server";
import { OutcomesSummary } from "~/features/outcomes/outcome-reports";
import { SectionCard } from "~/components/ui/card";
import { offerConfirmText } from "~/features/outcomes/interviews.words";
import { outcomesView } from "~/features/outcomes/interviews.server";
import { confirmOffer, isOfferOf } from "~/features/outcomes/offers.server";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.peopleTitle);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock, config } = context.services;
  const now = clock.now();
  const detail = orNotFound(await personDetail(db, params.id));
  const cohortFull = isCohortFull(await getCohort(db, now));
  const portal = await personPortal(db, params.id);
  const [withdrawal, plan] = await withdrawalAndPlan(context.services, params.id);
  const clockNow = { zone: config.siteTimeZone, now: now.toISOString() };
  const zones = { site: config.siteTimeZone, reader: config.siteTimeZone };
  const outcomes = await outcomesView(db, params.id, zones, now);
  return { detail, cohortFull, portal, withdrawal, plan, outcomes, clock: clockNow };
}

const offerAnswers = {
  no_seat: consoleText.person.noSeat,
  already_offered: consoleText.person.alreadyOffered,
  enrolled: consoleText.person.alreadyEnrolled,
  not_applicant: consoleText.person.notApplicant,
  not_waiting: consoleText.person.noSeat,
} as const;
const refundAnswers = {
  not_enrolled: t.notEnrolled,
  provider_failed: t.providerFailed,
} as const;
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock } = context.services;
  const submission = await parseForm(request, personFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const now = clock.now();
  const done = (message: string) => redirectWithToast(context, samePage(request), success(message));

  const p = consoleText.person;
  switch (form.intent) {
    case "reply": {
      if (!(await replyToPerson(context.services, admin.email, params.id, form.message)))
        notFound();
      return done(p.replied);
    }
    case "note": {
      const added = await addNote(context.services, admin.email, params.id, form.body);
      if (added === "not_found") notFound();
      if (added === "full") return refuse(submission, { field: "body", message: p.notesFull });
      return done(p.noteAdded);
    }
    case "send_link": {
      const sent = await sendEnrollLink(context.services, admin.email, params.id);
      if (sent === "not_found") notFound();
      if (sent === "not_qualified")
        return refuse(submission, { message: p.notQualified, status: 409 });
      return done(p.linkSent);
    }
    case "offer_seat": {
      const offered = await offerSeatTo(context.services, admin.email, params.id);
      if (offered === "not_found") notFound();
      if (offered !== "offered")
        return refuse(submission, { message: offerAnswers[offered], status: 409 });
      return done(p.seatOffered);
    }
    case "refund": {
      // The first post shows what will happen (person, amount, reason); the second does it.
      if (form.confirm !== "yes")
        return data({ result: submission.reply(), confirmRefund: form.reason });
      const closedBy = { closedBy: admin.id };
      const outcome = await refundEnrollment(
        context.services,
        admin.email,
        params.id,
        form.reason,
        closedBy,
      );
      if (outcome !== "refunded") return refuse(submission, { message: refundAnswers[outcome] });
      return done(t.refunded);
    }
    case "end_sessions":
      if (!(await endPortalSessionsByOwner(db, admin.email, params.id, now))) notFound();
      return done(p.sessionsEnded);
    case "clear_undeliverable": {
      if (!(await clearUndeliverableByOwner(db, admin.email, params.id, now)))
        return refuse(submission, { message: consoleText.person.notFlagged });
      return done(consoleText.person.cleared);
    }
    case "erase": {
      const mailbox = localMailboxDir(context.services.config) ?? undefined;
      if (!(await erasePerson(db, params.id, admin.email, now, mailbox))) notFound();
      return done(consoleText.erased);
    }
    case "withdrawal_approve":
    case "withdrawal_decline":
      return answerWithdrawalDecision(context, request, submission, form, admin, params.id);
    case "confirm_offer": {
      if (!(await isOfferOf(db, form.offerId, params.id))) notFound();
      const by = { role: "owner" as const, adminId: admin.id, email: admin.email };
      const confirmed = await confirmOffer(context.services, form.offerId, by);
      const c = offerConfirmText;
      return done(confirmed.kind === "confirmed" ? c.confirmedToast : c.alreadyToast);
    }
    case "status": {
      if (!(await changeStatusByOwner(db, admin.email, params.id, form, now))) notFound();
      return done(consoleText.statusChanged);
    }
  }
}

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { detail, clock, cohortFull, portal, withdrawal } = loaderData;
  const asked = actionData && "confirmApproval" in actionData ? actionData.confirmApproval : null;
  const { person } = detail;
  const name = `${person.first_name} ${person.last_name}`.trim() || person.email;
  return (
    <AdminPage title={name}>
      <PersonSummary detail={detail} clock={clock} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ReplyCard busy={busy} />
        <NotesCard notes={detail.notes} clock={clock} busy={busy} />
        <EnrollmentCard person={person} cohortFull={cohortFull} busy={busy} />
        <PortalCard portal={portal} clock={clock} />
        <WithdrawalCard withdrawal={withdrawal} name={name} confirming={asked} busy={busy} />
        <PlanCard plan={loaderData.plan} />
        <SectionCard title={offerConfirmText.heading}>
          <OutcomesSummary view={loaderData.outcomes} />
        </SectionCard>
        <ProfileCard person={person} clock={clock} />
        <StatusCard person={person} busy={busy} />
        <TouchesCard person={person} />
        <HistoryCard history={detail.history} clock={clock} />
        <RefundCard
          name={name}
          payments={detail.payments}
          clock={clock}
          confirming={actionData && "confirmRefund" in actionData ? actionData.confirmRefund : null}
          busy={busy}
        />
        <MarketingCard person={person} consents={detail.consents} clock={clock} />
      </div>
      <div className="mt-6 space-y-6">
        <SubmissionsCard submissions={detail.submissions} clock={clock} />
        <PersonActivity detail={detail} clock={clock} />
        <PrivacyCard personId={person.id} />
      </div>
    </AdminPage>
  );
}
