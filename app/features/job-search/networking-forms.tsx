import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormAlert, TextArea, TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { shortDate } from "~/features/cohort/cohort";
import { SelectField } from "./application-forms";
import {
  CONVERSATION_BOUNDS,
  CONVERSATION_KINDS,
  MAX_TARGET,
  type ConversationKind,
} from "./networking";
import { CONVERSATION_KIND_LABELS, networkingText as t, targetsText } from "./networking.words";
import type { WeeklyTargets } from "./weekly-progress";

type Result = SubmissionResult<string[]> | null | undefined;

const f = t.fields;
const kindOptions = CONVERSATION_KINDS.map((kind) => ({
  value: kind,
  label: CONVERSATION_KIND_LABELS[kind],
}));

/** /portal/networking: log a conversation (a plain post); the date starts at today. */
export function AddConversationForm({ today, lastResult }: { today: string; lastResult: Result }) {
  const [form, fields] = useForm<{
    personName: string;
    firm: string;
    date: string;
    how: string;
    followUp: string;
    notes: string;
  }>({ id: "add-conversation", lastResult, defaultValue: { date: today, how: "coffee_chat" } });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-add-conversation="">
      <FormAlert errors={form.errors} />
      <input type="hidden" name="intent" value="add" />
      <TextField
        field={fields.personName}
        label={f.personName}
        required
        maxLength={CONVERSATION_BOUNDS.personName}
      />
      <TextField field={fields.firm} label={f.firm} required maxLength={CONVERSATION_BOUNDS.firm} />
      <TextField field={fields.date} label={f.date} type="date" required className="max-w-60" />
      <SelectField field={fields.how} label={f.how} options={kindOptions} required />
      <TextField
        field={fields.followUp}
        label={f.followUp}
        hint={f.followUpHint}
        type="date"
        className="max-w-60"
      />
      <TextArea field={fields.notes} label={f.notes} maxLength={CONVERSATION_BOUNDS.notes} />
      <Button type="submit" size="touch">
        {t.add}
      </Button>
    </Form>
  );
}

export interface ConversationRow {
  id: string;
  person_name: string;
  firm: string;
  date: string;
  how: ConversationKind;
  follow_up: string | null;
  notes: string | null;
}

/** The student's conversations, newest first, each with its own delete button (a plain post). */
export function ConversationList({ conversations }: { conversations: readonly ConversationRow[] }) {
  if (conversations.length === 0) return <p className="text-slate-700">{t.empty}</p>;
  return (
    <ul aria-label={t.listLabel} className="space-y-3" data-conversations="">
      {conversations.map((c) => (
        <li
          key={c.id}
          className="rounded-md border border-slate-200 bg-white p-3"
          data-conversation={c.firm}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">
                {c.person_name} · {c.firm}
              </p>
              <p className="text-sm text-slate-700">
                {CONVERSATION_KIND_LABELS[c.how]} {t.on(shortDate(c.date))}
              </p>
              {c.follow_up && (
                <p className="text-sm font-medium text-brand-900">
                  {t.followUp(shortDate(c.follow_up))}
                </p>
              )}
              {c.notes && (
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
                  {c.notes}
                </p>
              )}
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={c.id} />
              <Button
                type="submit"
                size="touch"
                variant="secondary"
                aria-label={t.deleteLabel(c.person_name, c.firm)}
              >
                {t.delete}
              </Button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The mentor's student page: the student's weekly targets, as set (a plain post). */
export function TargetsForm({
  targets,
  lastResult,
}: {
  targets: WeeklyTargets | null;
  lastResult: Result;
}) {
  const [form, fields] = useForm<{ applicationsPerWeek: string; conversationsPerWeek: string }>({
    id: "weekly-targets",
    lastResult,
    defaultValue: targets
      ? {
          applicationsPerWeek: String(targets.applicationsPerWeek),
          conversationsPerWeek: String(targets.conversationsPerWeek),
        }
      : {},
  });
  const number = { type: "number", min: 0, max: MAX_TARGET, inputMode: "numeric" } as const;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-weekly-targets="">
      <p className="text-sm text-slate-600">{targetsText.hint}</p>
      <p className="font-medium text-slate-900" data-targets-now="">
        {targets
          ? targetsText.current(targets.applicationsPerWeek, targets.conversationsPerWeek)
          : targetsText.none}
      </p>
      <FormAlert errors={form.errors} />
      <input type="hidden" name="intent" value="targets" />
      <TextField
        field={fields.applicationsPerWeek}
        label={targetsText.applications}
        required
        className="max-w-60"
        {...number}
      />
      <TextField
        field={fields.conversationsPerWeek}
        label={targetsText.conversations}
        required
        className="max-w-60"
        {...number}
      />
      <Button type="submit" size="touch">
        {targetsText.save}
      </Button>
    </Form>
  );
}
