import { Form, Link } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { DataTable, HeadedRow } from "~/components/ui/table";
import { sequenceConsole as t } from "~/features/marketing/broadcasts.words";
import { sequenceStats, setSequencePaused } from "~/features/marketing/sequence-console.server";
import { sequencesFormSchema } from "~/features/marketing/sequence-forms";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/sequences";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { sequences: await sequenceStats(context.services) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, sequencesFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const { intent, sequence } = submission.value;
  await setSequencePaused(context.services, sequence, intent === "pause", admin.email);
  return redirectWithToast(
    context,
    samePage(request),
    success(intent === "pause" ? t.pausedToast : t.resumedToast),
  );
}

export default function Sequences({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={t.title}>
      <p className="mb-6 max-w-3xl text-slate-700">{t.intro}</p>
      <p className="mb-6 max-w-3xl text-slate-700">{t.editIntro}</p>
      <div className="space-y-6">
        {loaderData.sequences.map((sequence) => (
          <SectionCard key={sequence.key} title={sequence.name}>
            <Form method="post" className="mb-3 flex flex-wrap items-center gap-3">
              <input type="hidden" name="sequence" value={sequence.key} />
              <span className="font-medium" data-testid={`sequence-state-${sequence.key}`}>
                {sequence.paused ? t.paused : t.running}
              </span>
              <Button
                type="submit"
                name="intent"
                value={sequence.paused ? "resume" : "pause"}
                variant="secondary"
                size="xs"
              >
                {sequence.paused ? t.resume : t.pause}
              </Button>
            </Form>
            <DataTable
              columns={Object.values(t.columns)}
              label={t.tableLabel(sequence.name)}
              frame="none"
            >
              {sequence.steps.map((step) => (
                <HeadedRow
                  key={step.step}
                  header={
                    <>
                      <Link
                        to={`/admin/sequences/${sequence.key}/${step.step}`}
                        className="text-brand-700 underline"
                      >
                        {t.step(step.step, step.afterDays)}
                      </Link>
                      <span className="block min-w-48 text-xs font-normal text-slate-600">
                        {step.subject}
                        {step.edited ? (
                          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                            {t.edited}
                          </span>
                        ) : null}
                      </span>
                    </>
                  }
                  cells={[step.sent, step.waiting, step.appliedAfter]}
                />
              ))}
            </DataTable>
          </SectionCard>
        ))}
      </div>
    </AdminPage>
  );
}
