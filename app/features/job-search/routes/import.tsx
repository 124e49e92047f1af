import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { FormAlert } from "~/components/form/fields";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/features/portal/portal.words";
import { requireStudent } from "~/features/portal/student-access.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { log } from "~/lib/logger.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { ImportPreview, UploadForm } from "../import-forms";
import { importSchema, MAX_APPLICATIONS } from "../job-search-forms";
import { studentZone } from "../job-search.server";
import { applicationText, importText as t } from "../job-search.words";
import { MAX_IMPORT_MB } from "../tracker-file.server";
import { confirmedRows, importApplications, previewImport } from "../tracker-import.server";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const LIST = "/portal/applications";

/** /portal/applications/import: upload the tracker, see its preview, then bring it in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStudent(request, context, "applications");
  return { hint: t.fileHint(MAX_IMPORT_MB, MAX_APPLICATIONS) };
}

const isFile = (value: unknown): value is File =>
  typeof value === "object" && value !== null && "arrayBuffer" in value;

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "applications");
  const { services } = context;
  const submission = parseWithZod(await readFormData(request), { schema: importSchema });
  if (!(await limitFormPost(context, "portal-applications-import", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  if (form.intent === "preview") {
    const file = form.file;
    if (!isFile(file) || file.size === 0)
      return refuse(submission, { field: "file", message: t.problems.missing });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const read = await previewImport(services, student.personId, bytes);
    if (read.kind === "problem") {
      log.warn("tracker import refused", { reason: read.problem });
      const p = t.problems;
      const message =
        read.problem === "too_large"
          ? p.tooLarge(MAX_IMPORT_MB)
          : read.problem === "no_sheet"
            ? p.noSheet
            : (read.message ?? p.notXlsx);
      return refuse(submission, { field: "file", message });
    }
    return { preview: read, result: null };
  }
  const rows = confirmedRows(form.rows);
  if (!rows) return refuse(submission, { message: t.problems.unreadable, form: true });
  const reader = await studentZone(
    services,
    student.personId,
    readBrowserZone(request, context.secure),
  );
  const outcome = await importApplications(services, student.personId, rows, reader.zone);
  if (outcome.kind === "over_cap")
    return refuse(submission, {
      message: t.problems.overCap(outcome.room),
      form: true,
      status: 409,
    });
  const toast = t.imported(outcome.count);
  return redirectWithToast(context, LIST, success(toast.title, toast.description));
}

export default function Import({ loaderData, actionData }: Route.ComponentProps) {
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const result = actionData && !("preview" in actionData) ? actionData.result : null;
  const intent = (result?.initialValue as { intent?: unknown } | undefined)?.intent;
  return (
    <div className="space-y-6">
      <div>
        <Link to={LIST} className={linkVariants({ size: "sm" })}>
          {applicationText.back}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-2 text-slate-700">{t.intro}</p>
      </div>
      <FormAlert errors={intent === "confirm" ? (result?.error?.[""] ?? undefined) : undefined} />
      {preview && (
        <SectionCard title={t.previewHeading}>
          <ImportPreview preview={preview} />
        </SectionCard>
      )}
      <SectionCard title={t.uploadHeading}>
        <UploadForm lastResult={intent === "preview" ? result : null} hint={loaderData.hint} />
      </SectionCard>
    </div>
  );
}
