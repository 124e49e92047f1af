import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FieldError, FieldLabel, FormAlert } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { FileInput, Hint } from "~/components/ui/input";
import type { RawImportRow } from "./job-search-forms";
import { importText as t, stageName } from "./job-search.words";
import type { Stage } from "./stages";

type Result = SubmissionResult<string[]> | null | undefined;

/** The upload: a plain multipart post that answers with the preview. */
export function UploadForm({ lastResult, hint }: { lastResult: Result; hint: string }) {
  const [form, fields] = useForm<{ file: File }>({ id: "import-upload", lastResult });
  const { key, ...fileProps } = getInputProps(fields.file, { type: "file" });
  const hintId = `${fields.file.id}-hint`;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <FormAlert errors={form.errors} />
      <input type="hidden" name="intent" value="preview" />
      <div>
        <FieldLabel htmlFor={fields.file.id} required>
          {t.file}
        </FieldLabel>
        <Hint id={hintId}>{hint}</Hint>
        <FileInput
          key={key}
          {...fileProps}
          required
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={[hintId, fileProps["aria-describedby"]].filter(Boolean).join(" ")}
        />
        <FieldError field={fields.file} />
      </div>
      <Button type="submit" size="touch">
        {t.upload}
      </Button>
    </Form>
  );
}

export interface Preview {
  rows: { row: number; raw: RawImportRow }[];
  problems: string[];
  skipped: number;
}

/**
 * What the file holds, before anything is saved: every row it read, every row it could not (then
 * no confirmation: nothing is half-imported), and the confirmation carrying the rows it read.
 */
export function ImportPreview({ preview }: { preview: Preview }) {
  const { rows, problems, skipped } = preview;
  return (
    <div className="space-y-4" data-import-preview="">
      {problems.length > 0 ? (
        <div role="alert" data-import-problems="">
          <h3 className="font-semibold text-red-700">{t.problemsHeading}</h3>
          <p className="mt-1 text-slate-800">{t.problemsIntro}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="font-medium text-slate-900" data-import-count="">
          {t.previewCount(rows.length)}
        </p>
      )}
      {skipped > 0 && <p className="text-sm text-slate-700">{t.skipped(skipped)}</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto" role="region" aria-label={t.previewTable} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                {Object.values(t.columns).map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ row, raw }) => (
                <tr key={row} className="border-b border-slate-100">
                  <td className="py-2 pr-3">{row}</td>
                  <td className="py-2 pr-3">{raw.firm}</td>
                  <td className="py-2 pr-3">{raw.role}</td>
                  <td className="py-2 pr-3">
                    {stageName(raw.stage as Stage, raw.round ? Number(raw.round) : null)}
                  </td>
                  <td className="py-2 pr-3">{raw.deadline}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {problems.length === 0 && rows.length > 0 && (
        <Form method="post" data-import-confirm="">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="rows" value={JSON.stringify(rows.map(({ raw }) => raw))} />
          <Button type="submit" size="touch">
            {t.confirm}
          </Button>
        </Form>
      )}
    </div>
  );
}
