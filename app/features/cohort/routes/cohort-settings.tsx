import { useNavigation } from "react-router";
import { updateCohortSettings } from "~/features/cohort/settings.server";
import { countHeldSeats } from "~/features/enrollment/seats.server";
import { logIn } from "~/features/accounts/login.server";
import { ADMIN_LOGIN_PATH } from "~/features/accounts/paths";
import { endSession, getAdmin, requireAdmin, safeNext } from "~/features/accounts/sessions.server";
import { getCohort, settingsOf } from "~/features/cohort/cohort.server";
import { CohortSettingsForm, CurrentStatus } from "~/features/cohort/cohort-settings-form";
import { GateSpinner, LoginForm } from "~/features/accounts/login-form";
import { adminPage, loginToasts } from "~/features/accounts/admin-login.words";
import {
  cohortSettingsPage as copy,
  cohortSettingsToasts,
  savedAndEmailed,
} from "~/features/cohort/cohort-settings.words";
import { type CohortSettingsPatch } from "~/features/cohort/cohort-settings";
import { cohortSettingsFormSchema } from "~/features/cohort/cohort-forms";
import { currentYear } from "~/features/cohort/graduation-year";
import { parseForm, refuse } from "~/lib/form.server";
import { errorMessage, log } from "~/lib/logger.server";
import { adminMeta } from "~/lib/meta";
import { type ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/cohort-settings";

export const meta: Route.MetaFunction = () => adminMeta(adminPage.metaTitle);

/** The gate: the server decides between the login form and the settings; no settings without an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await getAdmin(request, context);
  if (!admin) return { view: "login" as const };
  const now = context.services.clock.now();
  const cohort = await getCohort(context.services.db, now);
  const heldSeats = await countHeldSeats(context.services.db, cohort.id, now.toISOString());
  return {
    view: "settings" as const,
    cohort: settingsOf(cohort),
    heldSeats,
    currentYear: currentYear(now),
  };
}

type Submission = Awaited<
  ReturnType<typeof parseForm<ReturnType<typeof cohortSettingsFormSchema>>>
>;

export async function action({ request, context }: Route.ActionArgs) {
  const year = currentYear(context.services.clock.now());
  const submission = await parseForm(request, cohortSettingsFormSchema(year));
  if (submission.status !== "success") {
    const intent = submission.payload.intent === "login" ? "login" : "save";
    if (intent === "save") await requireAdmin(request, context);
    return refuse(submission, intent === "login" ? { ...LOGIN, toast: null } : SAVE);
  }
  const form = submission.value;
  switch (form.intent) {
    case "login":
      return login(request, context, submission, form);
    case "logout": {
      const setCookie = await endSession(request, context);
      log.info("admin logout");
      return redirectWithToast(context, ADMIN_LOGIN_PATH, loginToasts.loggedOut, {
        "Set-Cookie": setCookie,
      });
    }
    case "save":
      return save(request, context, submission, form);
  }
}

/** `refuse`'s options for the login form: the password is never sent back. */
const LOGIN = { intent: "login", hideFields: ["password"] };
/** `refuse`'s options for the settings form. */
const SAVE = { intent: "save", toast: cohortSettingsToasts.saveFailed };

async function login(
  request: Request,
  context: Route.ActionArgs["context"],
  submission: Submission,
  form: { email: string; password: string },
) {
  const outcome = await logIn(request, context, form);
  switch (outcome.kind) {
    case "rate_limited": {
      const { title, description } = loginToasts.rateLimited;
      return refuse(submission, {
        ...LOGIN,
        message: `${title}. ${description}`,
        form: true,
        status: 429,
        toast: loginToasts.rateLimited,
        headers: { "Retry-After": "60" },
      });
    }
    case "invalid": {
      const toast = loginToasts.invalidCredentials;
      return refuse(submission, { ...LOGIN, message: toast.title, form: true, status: 401, toast });
    }
    case "not_admin":
      return redirectWithToast(context, "/", loginToasts.notAdmin);
    case "ok": {
      const next = safeNext(new URL(request.url).searchParams.get("next")) ?? ADMIN_LOGIN_PATH;
      return redirectWithToast(context, next, loginToasts.loggedIn, {
        "Set-Cookie": outcome.setCookie,
      });
    }
  }
}

async function save(
  request: Request,
  context: Route.ActionArgs["context"],
  submission: Submission,
  patch: CohortSettingsPatch,
) {
  const admin = await requireAdmin(request, context);
  let toast: ToastMessage = cohortSettingsToasts.saved;
  try {
    const update = await updateCohortSettings(context.services, admin.email, patch);
    if (update.changed) log.info("cohort settings updated", { adminId: admin.id });
    if (update.studentsEmailed > 0) toast = savedAndEmailed(update.studentsEmailed);
  } catch (error) {
    log.error("cohort settings update failed", { adminId: admin.id, error: errorMessage(error) });
    return refuse(submission, { ...SAVE, status: 500 });
  }
  return redirectWithToast(context, ADMIN_LOGIN_PATH, toast);
}

export default function CohortSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.formData?.get("intent");
  // The gate is being decided again: after a login or logout, while the page data reloads.
  const resolvingGate =
    navigation.state === "loading" &&
    navigation.location.pathname === ADMIN_LOGIN_PATH &&
    (loaderData.view === "login" || pendingIntent === "logout");

  if (resolvingGate) return <GateSpinner />;
  if (loaderData.view === "login") {
    return (
      <section className="mx-auto max-w-4xl px-4 py-12">
        <LoginForm
          lastResult={actionData?.intent === "login" ? actionData.result : undefined}
          busy={navigation.state === "submitting" && pendingIntent === "login"}
        />
      </section>
    );
  }
  const saveResult = actionData?.intent === "save" ? actionData.result : undefined;
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{copy.title}</h1>
      <div className="mt-8 grid grid-cols-1 gap-8 md:grid-cols-[3fr_2fr]">
        {/* A new key after each saved change starts the form from the stored values. */}
        <CohortSettingsForm
          key={JSON.stringify(loaderData.cohort)}
          cohort={loaderData.cohort}
          currentYear={loaderData.currentYear}
          lastResult={saveResult?.status === "error" ? saveResult : undefined}
          saving={navigation.state === "submitting" && pendingIntent === "save"}
        />
        <CurrentStatus
          cohort={loaderData.cohort}
          heldSeats={loaderData.heldSeats}
          currentYear={loaderData.currentYear}
        />
      </div>
    </>
  );
}
