import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { AppContext } from "~/context";
import { leaveConsole as t } from "./leave.words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import type { WithdrawalDecision } from "./withdrawal";
import { refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { approveWithdrawal, declineWithdrawal, type OwnerActor } from "./decisions.server";

/**
 * The person page's answer to the owner's decision on a request to leave (kept here so the page
 * stays a thin switch): a success redirects with a toast; a refusal answers with the message
 * under the field it is about and nothing changed.
 */
export async function answerWithdrawalDecision(
  context: AppContext,
  request: Request,
  submission: Submission<unknown>,
  form: WithdrawalDecision,
  actor: OwnerActor,
  personId: string,
) {
  const done = (message: string) => redirectWithToast(context, samePage(request), success(message));
  if (form.intent === "withdrawal_decline") {
    const declined = await declineWithdrawal(context.services, actor, personId, form);
    if (declined === "not_open") return refuse(submission, { message: t.notOpen, status: 409 });
    return done(t.declinedToast);
  }
  const approved = await approveWithdrawal(context.services, actor, personId, {
    withdrawalId: form.withdrawalId,
    amountCents: form.amount,
    note: form.note,
    confirmed: form.confirm === "yes",
  });
  switch (approved.kind) {
    case "confirm":
      // The first post shows what will happen (amount, note); the second, "yes", does it.
      return data({
        result: submission.reply(),
        confirmApproval: {
          withdrawalId: form.withdrawalId,
          cents: approved.cents,
          note: form.note,
        },
      });
    case "approved":
      return done(t.approvedToast(formatDollars(approved.cents)));
    case "amount_required":
      return refuse(submission, { message: t.amountRequired, field: "amount" });
    case "too_much":
      return refuse(submission, {
        message: t.amountTooHigh(formatDollars(approved.paidCents)),
        field: "amount",
      });
    case "not_open":
      return refuse(submission, { message: t.notOpen, status: 409 });
    case "not_enrolled":
      return refuse(submission, { message: t.notEnrolled, status: 409 });
    case "provider_failed":
      return refuse(submission, { message: t.providerFailed });
  }
}
