import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, type ReactNode } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { updateCohortSettings, countHeldSeats } from "~/admin/cohort-settings.server";
import { logIn } from "~/admin/login.server";
import { ADMIN_LOGIN_PATH } from "~/admin/paths";
import { endSession, getAdmin, requireAdmin, safeNext } from "~/admin/sessions.server";
import { getCohort } from "~/cohort/cohort.server";
import { FieldError } from "~/components/form/fields";
import { adminLogin, adminPage, adminToasts, cohortSettingsPage as copy } from "~/content/admin";
import { site } from "~/content/site";
import { loginSchema } from "~/domain/admin-login";
import { availableSpots, startDateDisplay, type CohortSettings } from "~/domain/cohort";
import { cohortSettingsSchema, cohortState } from "~/domain/cohort-settings";
import { errorMessage, log } from "~/lib/logger.server";
import { useActionToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/cohort-settings";

const NO_STORE = { "Cache-Control": "no-store" };

export const meta: Route.MetaFunction = () => [
  { title: `${adminPage.metaTitle} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => NO_STORE;

/** The gate: the server decides between the login form and the settings; no settings without an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await getAdmin(request, context);
  if (!admin) return data({ view: "login" as const }, { headers: NO_STORE });
  const now = context.services.clock.now();
  const [cohort, heldSeats] = await Promise.all([
    getCohort(context.services.db, now),
    countHeldSeats(context.services.db, now),
  ]);
  return data(
    { view: "settings" as const, adminEmail: admin.email, cohort, heldSeats },
    { headers: NO_STORE },
  );
}

interface ActionResult {
  intent: "login" | "logout" | "save";
  result?: SubmissionResult<string[]>;
  toast?: ToastMessage;
  /** Where the browser goes after showing the toast. */
  redirectTo?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "login":
      return login(request, context, formData);
    case "logout": {
      const setCookie = await endSession(request, context);
      log.info("admin logout");
      return data<ActionResult>(
        { intent: "logout", toast: adminToasts.loggedOut },
        { headers: { "Set-Cookie": setCookie, ...NO_STORE } },
      );
    }
    default:
      return save(request, context, formData);
  }
}

async function login(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "login", result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const outcome = await logIn(request, context, submission.value);
  switch (outcome.kind) {
    case "rate_limited":
      return data<ActionResult>(
        {
          intent: "login",
          result: submission.reply({
            formErrors: [
              `${adminToasts.rateLimited.title}. ${adminToasts.rateLimited.description}`,
            ],
            hideFields: ["password"],
          }),
          toast: adminToasts.rateLimited,
        },
        { status: 429, headers: { "Retry-After": "60" } },
      );
    case "invalid":
      return data<ActionResult>(
        {
          intent: "login",
          result: submission.reply({
            formErrors: [adminToasts.invalidCredentials.title],
            hideFields: ["password"],
          }),
          toast: adminToasts.invalidCredentials,
        },
        { status: 401 },
      );
    case "not_admin":
      return data<ActionResult>(
        { intent: "login", toast: adminToasts.notAdmin, redirectTo: "/" },
        { status: 403 },
      );
    case "ok": {
      const next = safeNext(new URL(request.url).searchParams.get("next"));
      return data<ActionResult>(
        {
          intent: "login",
          toast: adminToasts.loggedIn,
          ...(next && next !== ADMIN_LOGIN_PATH ? { redirectTo: next } : {}),
        },
        { headers: { "Set-Cookie": outcome.setCookie, ...NO_STORE } },
      );
    }
  }
}

async function save(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(formData, {
    schema: cohortSettingsSchema,
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "save", result: submission.reply(), toast: adminToasts.saveFailed },
      { status: 400 },
    );
  }
  try {
    const update = await updateCohortSettings(context.services, admin.email, submission.value);
    if (update.changed) log.info("cohort settings updated", { adminId: admin.id });
    return data<ActionResult>(
      { intent: "save", result: submission.reply(), toast: adminToasts.saved },
      { headers: NO_STORE },
    );
  } catch (error) {
    log.error("cohort settings update failed", { adminId: admin.id, error: errorMessage(error) });
    return data<ActionResult>(
      { intent: "save", result: submission.reply(), toast: adminToasts.saveFailed },
      { status: 500 },
    );
  }
}

export default function CohortSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  useActionToast(actionData);
  useEffect(() => {
    if (actionData?.redirectTo) navigate(actionData.redirectTo);
  }, [actionData, navigate]);

  const pendingIntent = navigation.formData?.get("intent");
  // The gate is being decided again: after a login or logout, while the page data reloads.
  const resolvingGate =
    navigation.state === "loading" &&
    navigation.location.pathname === ADMIN_LOGIN_PATH &&
    (loaderData.view === "login" || pendingIntent === "logout");

  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      {resolvingGate ? (
        <GateSpinner />
      ) : loaderData.view === "login" ? (
        <LoginView
          lastResult={actionData?.intent === "login" ? actionData.result : undefined}
          busy={navigation.state === "submitting" && pendingIntent === "login"}
          redirectTo={actionData?.intent === "login" ? actionData.redirectTo : undefined}
          refusal={actionData?.redirectTo === "/" ? actionData.toast?.title : undefined}
        />
      ) : (
        <SettingsView
          adminEmail={loaderData.adminEmail}
          cohort={loaderData.cohort}
          heldSeats={loaderData.heldSeats}
          lastResult={
            actionData?.intent === "save" && actionData.result?.status === "error"
              ? actionData.result
              : undefined
          }
          saving={navigation.state === "submitting" && pendingIntent === "save"}
          loggingOut={navigation.state !== "idle" && pendingIntent === "logout"}
        />
      )}
    </section>
  );
}

function GateSpinner() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-24 text-slate-700">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span>{adminPage.checkingAccess}</span>
    </div>
  );
}

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20";
const primaryButton =
  "rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70";

function LabelText({ children }: { children: ReactNode }) {
  return <span className="block text-sm font-medium text-slate-800">{children}</span>;
}

function LoginView({
  lastResult,
  busy,
  redirectTo,
  refusal,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  redirectTo: string | undefined;
  refusal: string | undefined;
}) {
  const [form, fields] = useForm({
    lastResult: busy ? undefined : lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: passwordKey, ...passwordProps } = getInputProps(fields.password, {
    type: "password",
  });
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold text-brand-900">{adminLogin.title}</h1>
      <p className="mt-3 text-slate-700">{adminLogin.intro}</p>
      {redirectTo && (
        // Seen only without JavaScript; with it the browser has already moved on.
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-red-800">
          {refusal}{" "}
          <Link to={redirectTo} className="font-semibold underline">
            {redirectTo === "/" ? adminLogin.goHome : adminLogin.continue}
          </Link>
        </p>
      )}
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-8 space-y-4 rounded-xl bg-white p-6 shadow-sm"
      >
        <input type="hidden" name="intent" value="login" />
        <div>
          <label htmlFor={fields.email.id}>
            <LabelText>{adminLogin.email}</LabelText>
          </label>
          <input
            key={emailKey}
            {...emailProps}
            required
            autoComplete="username"
            className={inputClass}
          />
          <FieldError field={fields.email} />
        </div>
        <div>
          <label htmlFor={fields.password.id}>
            <LabelText>{adminLogin.password}</LabelText>
          </label>
          <input
            key={passwordKey}
            {...passwordProps}
            required
            autoComplete="current-password"
            className={inputClass}
          />
          <FieldError field={fields.password} />
        </div>
        {form.errors && (
          <p id={form.errorId} role="alert" className="text-sm font-medium text-red-700">
            {form.errors[0]}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={`w-full ${primaryButton}`}
        >
          {busy ? adminLogin.submitting : adminLogin.submit}
        </button>
      </Form>
    </div>
  );
}

function SettingsView({
  adminEmail,
  cohort,
  heldSeats,
  lastResult,
  saving,
  loggingOut,
}: {
  adminEmail: string;
  cohort: CohortSettings;
  heldSeats: number;
  lastResult: SubmissionResult<string[]> | undefined;
  saving: boolean;
  loggingOut: boolean;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand-900">{copy.title}</h1>
        <Form method="post" className="flex items-center gap-3 text-sm text-slate-700">
          <span>
            {copy.signedInAs} <strong>{adminEmail}</strong>
          </span>
          <input type="hidden" name="intent" value="logout" />
          <button
            type="submit"
            disabled={loggingOut}
            className="rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {loggingOut ? copy.loggingOut : copy.logout}
          </button>
        </Form>
      </div>
      <div className="mt-8 grid gap-8 md:grid-cols-[3fr_2fr]">
        {/* A new key after each saved change starts the form from the stored values. */}
        <SettingsForm
          key={JSON.stringify(cohort)}
          cohort={cohort}
          lastResult={lastResult}
          saving={saving}
        />
        <CurrentStatus cohort={cohort} heldSeats={heldSeats} />
      </div>
    </>
  );
}

function SettingsForm({
  cohort,
  lastResult,
  saving,
}: {
  cohort: CohortSettings;
  lastResult: SubmissionResult<string[]> | undefined;
  saving: boolean;
}) {
  const [form, fields] = useForm({
    lastResult: saving ? undefined : lastResult,
    defaultValue: { startDate: cohort.startDate ?? "", capacity: String(cohort.capacity) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: cohortSettingsSchema, disableAutoCoercion: true }),
  });
  const { key: startKey, ...startProps } = getInputProps(fields.startDate, { type: "date" });
  const { key: capacityKey, ...capacityProps } = getInputProps(fields.capacity, {
    type: "number",
  });
  const startHintId = `${fields.startDate.id}-hint`;
  const capacityHintId = `${fields.capacity.id}-hint`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-6 rounded-xl bg-white p-6 shadow-sm"
    >
      <input type="hidden" name="intent" value="save" />
      <div>
        <label htmlFor={fields.startDate.id}>
          <LabelText>{copy.startDate}</LabelText>
        </label>
        <p id={startHintId} className="text-sm text-slate-600">
          {copy.startDateHint}
        </p>
        <input
          key={startKey}
          {...startProps}
          aria-describedby={[startHintId, startProps["aria-describedby"]].filter(Boolean).join(" ")}
          className={inputClass}
        />
        <FieldError field={fields.startDate} />
      </div>
      <div>
        <label htmlFor={fields.capacity.id}>
          <LabelText>{copy.capacity}</LabelText>
        </label>
        <p id={capacityHintId} className="text-sm text-slate-600">
          {copy.capacityHint}
        </p>
        <input
          key={capacityKey}
          {...capacityProps}
          min={0}
          step={1}
          inputMode="numeric"
          required
          aria-describedby={[capacityHintId, capacityProps["aria-describedby"]]
            .filter(Boolean)
            .join(" ")}
          className={inputClass}
        />
        <FieldError field={fields.capacity} />
      </div>
      <div>
        <input type="hidden" name={fields.isActive.name} value="off" />
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            name={fields.isActive.name}
            value="on"
            defaultChecked={cohort.isActive}
            className="h-4 w-4 accent-brand-700"
          />
          <span className="text-sm font-medium text-slate-800">{copy.isActive}</span>
        </label>
      </div>
      <button type="submit" disabled={saving} aria-busy={saving} className={primaryButton}>
        {saving ? copy.saving : copy.save}
      </button>
    </Form>
  );
}

function CurrentStatus({ cohort, heldSeats }: { cohort: CohortSettings; heldSeats: number }) {
  const state = cohortState(cohort);
  return (
    <section
      aria-labelledby="current-status"
      className="h-fit rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="current-status" className="text-xl font-semibold text-brand-900">
        {copy.statusTitle}
      </h2>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="text-sm text-slate-600">{copy.statusStartDate}</dt>
          <dd data-testid="status-start-date" className="font-medium">
            {cohort.startDate ? (
              <>
                {copy.weekOf(startDateDisplay(cohort.startDate))}{" "}
                <span className="text-slate-600">({cohort.startDate})</span>
              </>
            ) : (
              <>
                {startDateDisplay(null)} <span className="text-slate-600">({copy.notSet})</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{copy.availableSpots}</dt>
          <dd data-testid="status-spots" className="font-medium">
            <span className="text-2xl font-bold">{availableSpots(cohort)}</span>{" "}
            {copy.spotsDetail(cohort.capacity, cohort.enrolledCount)}
            <span className="block text-sm font-normal text-slate-600">
              {copy.heldSeats(heldSeats)}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{copy.status}</dt>
          <dd data-testid="status-state" data-state={state} className="font-medium">
            {copy.states[state]}
          </dd>
        </div>
      </dl>
    </section>
  );
}
