import { redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { SignInForm } from "~/features/portal/sign-in-form";
import { StudentHome } from "~/features/portal/student-home";
import { portalMeta, portalSignIn } from "~/features/portal/portal.words";
import { portalSignInSchema } from "~/features/portal/portal-forms";
import { limitFormPost } from "~/lib/form-guard.server";
import { readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { rateLimitedToast, success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  endPortalSession,
  endPortalSessionsEverywhere,
  getPortalUser,
  PORTAL_PATH,
} from "~/features/portal/session.server";
import { sendSignInLink } from "~/features/portal/sign-in-links.server";
import { studentHome } from "~/features/portal/student-home.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => pageMeta(portalMeta.title, portalMeta.description);

/** /portal: the sign-in form for a visitor, the student's home, or on to a mentor's students. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getPortalUser(request, context);
  if (!user) return { view: "sign_in" as const };
  if (user.role === "mentor") throw redirect("/portal/mentor");
  const home = await studentHome(
    context.services,
    user.personId,
    readBrowserZone(request, context.secure),
  );
  return { view: "student" as const, firstName: user.firstName, home };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: portalSignInSchema });
  if (submission.status !== "success")
    return refuse(submission, { message: portalSignIn.invalidEmail });
  const { intent } = submission.value;
  if (intent === "sign_out" || intent === "sign_out_everywhere") {
    const everywhere = intent === "sign_out_everywhere";
    const setCookie = everywhere
      ? await endPortalSessionsEverywhere(request, context)
      : await endPortalSession(request, context);
    const toast = everywhere ? portalSignIn.signedOutEverywhereToast : portalSignIn.signedOutToast;
    return redirectWithToast(context, PORTAL_PATH, success(toast.title, toast.description), {
      "Set-Cookie": setCookie,
    });
  }
  const limited = {
    status: 429,
    toast: { ...rateLimitedToast, description: portalSignIn.rateLimited },
  };
  if (!(await limitFormPost(context, "portal-sign-in"))) return refuse(submission, limited);
  if (!(await sendSignInLink(context.services, submission.value.email)))
    return refuse(submission, limited);
  const toast = portalSignIn.sentToast;
  return redirectWithToast(context, PORTAL_PATH, success(toast.title, toast.description));
}

export default function PortalHome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "sign_in") return <SignInForm lastResult={actionData?.result} />;
  return <StudentHome firstName={loaderData.firstName} home={loaderData.home} />;
}
