import { parseWithZod } from "@conform-to/zod/v4";
import { LeaveForm, LeaveRequest, LeaveRule } from "~/features/withdrawals/leave";
import { leavePage as t } from "~/features/withdrawals/leave.words";
import { portalMeta } from "~/features/portal/portal.words";
import { leaveRequestSchema } from "~/features/withdrawals/withdrawal";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requireStudent } from "~/features/portal/student-access.server";
import { leavePage, requestToLeave } from "~/features/withdrawals/requests.server";
import type { Route } from "./+types/leave";
import { PortalPageHeading } from "~/components/portal-shell";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const LEAVE_PATH = "/portal/leave";

/** /portal/leave: the refund rule that applies today, the student's request and its state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "leave");
  return { page: await leavePage(context.services, student.personId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "leave");
  const submission = parseWithZod(await readFormData(request), { schema: leaveRequestSchema });
  if (!(await limitFormPost(context, "portal-leave", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const sent = await requestToLeave(context.services, student.personId, submission.value);
  if (sent !== "sent") {
    // One open request at a time: said on the page above the request, nothing changed.
    const message = sent === "already_open" ? t.alreadyOpen : t.notEnrolled;
    return refuse(submission, { message, form: true, status: 409 });
  }
  return redirectWithToast(
    context,
    LEAVE_PATH,
    success(t.sentToast.title, t.sentToast.description),
  );
}

export default function Leave({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const open = page?.request?.status === "requested";
  const refused = actionData?.result?.error?.[""]?.[0];
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title} error={refused}>
        <p className="mt-2 text-slate-700">{t.intro}</p>
      </PortalPageHeading>
      {page ? (
        <>
          <LeaveRule page={page} />
          {page.request && <LeaveRequest request={page.request} />}
          {!open && <LeaveForm lastResult={actionData?.result} />}
        </>
      ) : (
        <p className="text-slate-700">{t.notEnrolled}</p>
      )}
    </div>
  );
}
