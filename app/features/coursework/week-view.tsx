import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FieldError, FileField, FormAlert, TextArea, TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { LIMITS } from "./coursework";
import { weekText as t } from "./coursework.words";
import type { StudentWeek } from "./week-page.server";

type OpenWeek = Extract<StudentWeek, { open: true }>;
type Assignment = OpenWeek["assignments"][number];

/** Links to the six weeks, the current one marked; weeks not open yet still link (they say when). */
export function WeekNav({ weeks, current }: { weeks: StudentWeek["weeks"]; current: number }) {
  return (
    <nav aria-label={t.navLabel}>
      <ul className="flex flex-wrap gap-2">
        {weeks.map(({ week }) => (
          <li key={week}>
            <Link
              to={`/portal/weeks/${week}`}
              aria-current={week === current ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-brand-900 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50"
            >
              {t.weekLink(week)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The week's material: Markdown the owner wrote, rendered on the server by markdown-it with raw
 * HTML off and links checked (app/lib/markdown.server.ts), so it is safe to insert.
 */
export function Material({ week }: { week: OpenWeek }) {
  return (
    <div className="space-y-4">
      <div
        className="space-y-3 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-brand-900 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: week.material }}
      />
      {week.videoUrl && (
        <p>
          <a href={week.videoUrl} className={linkVariants()} rel="noopener noreferrer">
            {t.videoLink}
          </a>
        </p>
      )}
      {week.files.length > 0 && (
        <div>
          <h2 className="text-lg font-semibold text-brand-900">{t.filesHeading}</h2>
          <ul className="mt-2 space-y-1">
            {week.files.map((file) => (
              <li key={file.href}>
                <a href={file.href} className={linkVariants()}>
                  {`${file.key.replaceAll("-", " ")} (${file.format.toUpperCase()})`}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** One assignment: what to do, when it is due, what was handed in and said, and the form. */
export function AssignmentCard({
  assignment,
  lastResult,
}: {
  assignment: Assignment;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const latest = assignment.versions[0];
  return (
    <SectionCard title={assignment.title}>
      <div className="space-y-4" data-assignment={assignment.id}>
        <p className="whitespace-pre-line text-slate-800">{assignment.instructions}</p>
        <p className="text-sm text-slate-700">
          {t.kinds[assignment.kind]}
          {assignment.due && <> · {t.due(assignment.due)}</>}
        </p>
        <p className="font-medium text-slate-900" data-work-status="">
          {latest ? t.status[latest.status] : t.notSent}
        </p>
        {assignment.late && <p className="text-sm font-medium text-amber-800">{t.late}</p>}
        {assignment.versions.length > 0 && <Versions assignment={assignment} />}
        {assignment.left > 0 ? (
          <WorkForm assignment={assignment} lastResult={lastResult} />
        ) : (
          <p className="text-sm text-slate-700">{t.full(LIMITS.versions)}</p>
        )}
      </div>
    </SectionCard>
  );
}

function Versions({ assignment }: { assignment: Assignment }) {
  return (
    <div>
      <h3 className="font-semibold text-brand-900">{t.versionsHeading}</h3>
      <ol className="mt-2 space-y-3">
        {assignment.versions.map((v) => (
          <li
            key={v.id}
            className="rounded-md border border-slate-200 p-3"
            data-version={v.version}
          >
            <p className="text-sm font-medium text-slate-900">
              {t.version(v.version, v.createdAt)} · {t.status[v.status]}
            </p>
            {v.body && <p className="mt-1 whitespace-pre-line text-slate-800">{v.body}</p>}
            {v.url && (
              <p className="mt-1">
                <a href={v.url} className={linkVariants()} rel="noopener noreferrer">
                  {v.url}
                </a>
              </p>
            )}
            {v.file && (
              <p className="mt-1">
                <a href={`/portal/files/${v.file.id}`} className={linkVariants()}>
                  {t.download(v.file.name)}
                </a>
              </p>
            )}
            {v.reviews.map((r) => (
              <div key={r.id} className="mt-2 border-l-4 border-brand-200 pl-3" data-review="">
                <p className="text-sm font-medium text-slate-900">
                  {t.verdict[r.verdict]}: {t.review(r.mentorName, r.createdAt)}
                </p>
                <p className="whitespace-pre-line text-slate-800">{r.comment}</p>
                {r.file && (
                  <a href={`/portal/files/${r.file.id}`} className={linkVariants({ size: "sm" })}>
                    {t.reviewFile(r.file.name)}
                  </a>
                )}
              </div>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The hand-in form: a plain multipart post, one per assignment, with the field its kind asks. */
function WorkForm({
  assignment,
  lastResult,
}: {
  assignment: Assignment;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<{ assignmentId: string; body: string; url: string; file: File }>({
    id: `work-${assignment.id}`,
    lastResult,
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <FormAlert errors={form.errors} />
      <input type="hidden" name={fields.assignmentId.name} value={assignment.id} />
      <FieldError field={fields.assignmentId} />
      {assignment.kind === "text" && (
        <TextArea field={fields.body} label={t.fields.body} required maxLength={LIMITS.answer} />
      )}
      {assignment.kind === "link" && (
        <TextField
          field={fields.url}
          label={t.fields.url}
          hint={t.fields.urlHint}
          required
          inputMode="url"
          maxLength={LIMITS.url}
        />
      )}
      {assignment.kind === "docx" && (
        <FileField
          field={fields.file}
          label={t.fields.file}
          hint={t.fields.fileHint}
          accept=".docx"
        />
      )}
      <p className="text-sm text-slate-700">{t.versionsLeft(assignment.left)}</p>
      <Button type="submit" size="touch" className="w-full sm:w-auto">
        {assignment.versions.length ? t.resubmit : t.submit}
      </Button>
    </Form>
  );
}
