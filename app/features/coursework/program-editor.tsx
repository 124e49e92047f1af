import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormField, FormSelect, FormTextarea, optionsOf } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { ChoiceGroup, FormAlert, type Field } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Hint } from "~/components/ui/input";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { resourceFileTitles } from "~/features/leads/lead-magnets.words";
import { resourceFormats, resourcePath, type ResourceFileKey } from "~/features/resources/formats";
import { ASSIGNMENT_KINDS, LIMITS, type AssignmentContent } from "./coursework";
import { programWeekFormSchema, RESOURCE_KEYS } from "./program-forms";
import { WEEKDAYS } from "~/content/site";
import { assignmentKindNames, programConsole as t } from "./program.words";

/** One week in the owner's list: its title, assignments and last edit (shown in the site's zone). */
export interface WeekRow {
  week: number;
  title: string;
  assignments: number;
  lastEdit: string;
}

/** The six weeks, each a link to its editor. */
export function WeekTable({ weeks }: { weeks: WeekRow[] }) {
  return (
    <DataTable columns={t.columns} label={t.listLabel}>
      {weeks.map((week) => (
        <Row key={week.week} data-testid="program-week">
          <RowHeader className="whitespace-nowrap">{t.weekNumber(week.week)}</RowHeader>
          <Cell className="min-w-48">
            <Link to={`/admin/program/${week.week}`} className={linkVariants({ weight: "medium" })}>
              {week.title}
            </Link>
          </Cell>
          <Cell>{t.assignmentCount(week.assignments)}</Cell>
          <Cell className="whitespace-nowrap">{week.lastEdit}</Cell>
        </Row>
      ))}
    </DataTable>
  );
}

/**
 * The saved material as students read it: the owner's Markdown rendered on the server with raw
 * HTML off and links checked (~/lib/markdown.server), then the video and the downloads.
 */
export function MaterialPreview({
  html,
  videoUrl,
  resources,
}: {
  html: string;
  videoUrl: string | null;
  resources: readonly ResourceFileKey[];
}) {
  return (
    <SectionCard title={t.previewTitle}>
      <Hint>{t.previewIntro}</Hint>
      <div
        data-testid="material-preview"
        className="mt-3 space-y-3 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-brand-900 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6"
        // The server's renderer escapes typed HTML and drops unsafe links (its unit tests).
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {videoUrl ? (
        <p className="mt-4">
          <a href={videoUrl} className={linkVariants()} rel="noopener noreferrer">
            {t.watchVideo}
          </a>
        </p>
      ) : null}
      {resources.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-brand-900">{t.downloads}</h3>
          <ul className="mt-1 list-disc pl-6">
            {resources.map((key) => (
              <li key={key}>
                <a href={resourcePath(key, resourceFormats[key][0])} className={linkVariants()}>
                  {resourceFileTitles[key]}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </SectionCard>
  );
}

const resourceOptions = RESOURCE_KEYS.map((key) => ({
  value: key,
  label: resourceFileTitles[key],
}));
const dayOptions = WEEKDAYS.map((day, index) => ({ value: String(index + 1), label: day }));
const kindOptions = optionsOf(ASSIGNMENT_KINDS, assignmentKindNames);

/** A field's hint under it, and its error while it has one. */
const describedBy = (field: Field) =>
  [`${field.id}-hint`, field.errors?.length ? field.errorId : ""].join(" ").trim();

/** The week's title, material, video and downloads. */
export function WeekForm({
  values,
}: {
  values: { title: string; material: string; videoUrl: string | null; resources: string[] };
}) {
  const [form, fields] = useConsoleForm(
    programWeekFormSchema,
    { intent: "week" },
    {
      title: values.title,
      material: values.material,
      videoUrl: values.videoUrl ?? "",
      resources: values.resources,
    },
  );
  return (
    <SectionCard title={t.weekForm}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="week" />
        <FormField
          label={t.titleLabel}
          field={fields.title}
          required
          maxLength={LIMITS.weekTitle}
          className="block"
        />
        <div>
          <FormTextarea
            label={t.materialLabel}
            field={fields.material}
            rows={16}
            required
            maxLength={LIMITS.material}
            aria-describedby={describedBy(fields.material)}
          />
          <Hint id={`${fields.material.id}-hint`} className="mt-1">
            {t.materialHint}
          </Hint>
        </div>
        <div>
          <FormField
            label={t.videoLabel}
            field={fields.videoUrl}
            type="text"
            inputMode="url"
            maxLength={LIMITS.url}
            autoComplete="off"
            className="block"
            aria-describedby={describedBy(fields.videoUrl)}
          />
          <Hint id={`${fields.videoUrl.id}-hint`} className="mt-1">
            {t.videoHint}
          </Hint>
        </div>
        <ChoiceGroup
          field={fields.resources}
          legend={t.resourcesLegend}
          hint={t.resourcesHint}
          type="checkbox"
          options={resourceOptions}
        />
        <Button type="submit" size="md">
          {t.saveWeek}
        </Button>
      </Form>
    </SectionCard>
  );
}

/** The title, instructions, due day and kind an added and an edited assignment share. */
function AssignmentFields({
  fields,
}: {
  fields: ReturnType<typeof useConsoleForm<typeof programWeekFormSchema>>[1];
}) {
  return (
    <>
      <div className="sm:col-span-2">
        <FormField
          label={t.assignmentTitleLabel}
          field={fields.title}
          required
          maxLength={LIMITS.assignmentTitle}
          className="block"
        />
      </div>
      <div className="sm:col-span-2">
        <FormTextarea
          label={t.instructionsLabel}
          field={fields.instructions}
          rows={4}
          required
          maxLength={LIMITS.instructions}
        />
      </div>
      <FormSelect label={t.dueDayLabel} field={fields.dueDay} options={dayOptions} />
      <FormSelect label={t.kindLabel} field={fields.kind} options={kindOptions} />
    </>
  );
}

/** One assignment: edit it, or remove it (archived: submissions keep pointing at it). */
export function AssignmentCard({ assignment }: { assignment: AssignmentContent }) {
  const [form, fields] = useConsoleForm(
    programWeekFormSchema,
    { intent: "edit", id: assignment.id },
    {
      title: assignment.title,
      instructions: assignment.instructions,
      dueDay: String(assignment.dueDay),
      kind: assignment.kind,
    },
  );
  const label = t.assignmentLabel(assignment.title);
  return (
    <section
      aria-label={label}
      className="rounded-xl border border-slate-200 bg-white p-5"
      data-testid="assignment-card"
    >
      <h3 className="text-lg font-semibold text-brand-900">{assignment.title}</h3>
      <p className="text-sm text-slate-700">
        {WEEKDAYS[assignment.dueDay - 1]} · {assignmentKindNames[assignment.kind]}
      </p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={assignment.id} />
        {form.errors?.length ? (
          <div className="sm:col-span-2">
            <FormAlert errors={form.errors} />
          </div>
        ) : null}
        <AssignmentFields fields={fields} />
        <div className="sm:col-span-2">
          <Button type="submit" size="md" variant="secondary">
            {t.saveAssignment}
          </Button>
        </div>
      </Form>
      <Form method="post" className="mt-4 border-t border-slate-100 pt-4">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={assignment.id} />
        <Hint>{t.removeHint}</Hint>
        <Button type="submit" size="md" variant="danger" className="mt-2">
          {t.remove}
        </Button>
      </Form>
    </section>
  );
}

/** A new assignment at the end of the week; in its place, a note when the week is full. */
export function AddAssignmentCard({ full }: { full: boolean }) {
  const [form, fields] = useConsoleForm(
    programWeekFormSchema,
    { intent: "add" },
    { dueDay: "5", kind: "text" },
  );
  return (
    <SectionCard title={t.addTitle}>
      {full ? (
        <p className="text-sm text-slate-700">{t.full(LIMITS.assignmentsPerWeek)}</p>
      ) : (
        <Form method="post" className="grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="add" />
          {form.errors?.length ? (
            <div className="sm:col-span-2">
              <FormAlert errors={form.errors} />
            </div>
          ) : null}
          <AssignmentFields fields={fields} />
          <div className="sm:col-span-2">
            <Button type="submit" size="md">
              {t.add}
            </Button>
          </div>
        </Form>
      )}
    </SectionCard>
  );
}
