import { Link } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { StepEditForm, StepPreview } from "~/features/marketing/sequence-step";
import { sequenceStepConsole as t } from "~/features/marketing/broadcasts.words";
import { sequenceStepFormSchema } from "~/features/marketing/sequence-forms";
import { formatWhen } from "~/lib/time-zone";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { orNotFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import {
  findStep,
  previewStep,
  resetStepCopy,
  saveStepCopy,
} from "~/features/marketing/sequence-copy.server";
import type { Route } from "./+types/sequence-step";

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? t.title(data.name, data.number) : t.back);

/** One nurture email: as it is sent, and the form that changes its words. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { services } = context;
  const ref = orNotFound(findStep(params.sequence, params.step));
  const { edit, form, ...preview } = await previewStep(services, ref);
  const now = services.clock.now();
  const zone = services.config.siteTimeZone;
  return {
    name: ref.name,
    number: ref.number,
    afterDays: ref.step.afterDays,
    preview,
    form,
    edited: edit !== null,
    editedNote: edit ? t.editedBy(edit.by, formatWhen(new Date(edit.at), zone, now)) : t.unedited,
    /** Changes when the words do, so the form starts again from what is stored. */
    version: edit?.at ?? "default",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const ref = orNotFound(findStep(params.sequence, params.step));
  const submission = await parseForm(request, sequenceStepFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  if (form.intent === "reset") {
    await resetStepCopy(context.services, ref, admin.email);
    return redirectWithToast(context, samePage(request), success(t.resetDone));
  }
  await saveStepCopy(context.services, ref, form, admin.email);
  return redirectWithToast(context, samePage(request), success(t.saved));
}

export default function SequenceStep({ loaderData }: Route.ComponentProps) {
  const { name, number, afterDays, preview, form, edited, editedNote, version } = loaderData;
  return (
    <AdminPage title={t.title(name, number)}>
      <p className="mb-6 text-slate-700">
        <Link to="/admin/sequences" className="font-medium text-brand-700 underline">
          {t.back}
        </Link>
        {" · "}
        {t.due(afterDays)}
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <StepPreview preview={preview} />
        <StepEditForm key={version} values={form} edited={edited} editedNote={editedNote} />
      </div>
    </AdminPage>
  );
}
