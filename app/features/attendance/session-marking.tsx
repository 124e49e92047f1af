import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { useConsoleForm } from "~/components/admin/console-form";
import { FormAlert } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { ChoiceGroup, ChoiceOption } from "~/components/ui/choice-group";
import { ErrorText, Input, Label } from "~/components/ui/input";
import { linkVariants } from "~/components/ui/link";
import {
  attendanceText as t,
  GROUP_MARK_LABELS,
  mentorAttendanceText as m,
  OUTCOME_CHOICES,
} from "./attendance.words";
import {
  ATTENDANCE_STATUSES,
  attendanceFormSchema,
  OUTCOMES,
  outcomeFormSchema,
  recordingFormSchema,
} from "./attendance";
import { MAX_LIVE_URL } from "~/features/sessions/group-sessions";
import type { SessionPageData } from "./session-page.server";

/**
 * The session page's forms on Conform: each checks itself with its own schema in the browser, as
 * the server will (session-action.server.ts), and a refused post (with or without JavaScript)
 * shows its errors in the form it came from: the whole post's above its fields, a field's under it.
 */

/** One form per session: a radio group (attended, absent, excused) per student; upserts. */
export function AttendanceForm({ data }: { data: SessionPageData }) {
  const { session, students } = data;
  const [form, fields] = useConsoleForm(
    attendanceFormSchema,
    { intent: "attendance" },
    { marks: students.map((s) => ({ student: s.personId, status: s.status ?? undefined })) },
  );
  const marks = fields.marks.getFieldList();
  return (
    <SectionCard title={t.attendanceHeading}>
      {session.cancelled ? (
        <p className="text-slate-700">{t.cancelledSession}</p>
      ) : !session.started ? (
        <p className="text-slate-700">{t.notStarted}</p>
      ) : students.length === 0 ? (
        <p className="text-slate-700">{t.noStudents}</p>
      ) : (
        <Form
          method="post"
          className="space-y-4"
          data-testid="attendance-form"
          {...getFormProps(form)}
        >
          <FormAlert errors={form.errors ?? fields.marks.errors} />
          <p className="text-sm text-slate-700">{t.attendanceIntro}</p>
          <input type="hidden" name="intent" value="attendance" />
          {students.map((student, i) => {
            const mark = marks[i]?.getFieldset();
            const status = mark?.status;
            const chosen = status?.initialValue ?? student.status;
            return (
              <ChoiceGroup
                key={student.personId}
                legend={student.name}
                hint={student.status ? t.current(GROUP_MARK_LABELS[student.status]) : undefined}
                data-student={student.name}
                aria-invalid={status?.errors ? true : undefined}
                aria-describedby={status?.errors ? status.errorId : undefined}
                options={ATTENDANCE_STATUSES.map((value) => (
                  <ChoiceOption
                    key={value}
                    type="radio"
                    name={`marks[${i}].status`}
                    value={value}
                    label={GROUP_MARK_LABELS[value]}
                    defaultChecked={chosen === value}
                  />
                ))}
              >
                <input type="hidden" name={`marks[${i}].student`} value={student.personId} />
                {status?.errors && <ErrorText id={status.errorId}>{status.errors[0]}</ErrorText>}
              </ChoiceGroup>
            );
          })}
          <Button type="submit" size="touch">
            {t.saveAttendance}
          </Button>
        </Form>
      )}
    </SectionCard>
  );
}

/** The week's started 1-on-1s (and deep-dives): held, or a no-show by either side. */
export function OutcomeList({ items }: { items: SessionPageData["oneOnOnes"] }) {
  return (
    <SectionCard title={t.oneOnOnesHeading}>
      {items.length === 0 ? (
        <p className="text-slate-700">{t.oneOnOnesEmpty}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <OutcomeForm
                bookingId={item.id}
                legend={t.outcomeLegend(
                  `${item.student} (${item.kind === "deep_dive" ? m.deepDive : m.oneOnOne(item.week)})`,
                  item.when,
                )}
                current={item.outcome}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** One 1-on-1's outcome form (also on /portal/mentor's "To mark" list). */
export function OutcomeForm({
  bookingId,
  legend,
  current,
  action,
}: {
  bookingId: string;
  legend: string;
  current: string | null;
  action?: string;
}) {
  const [form, fields] = useConsoleForm(
    outcomeFormSchema,
    { intent: "outcome", bookingId },
    { outcome: current ?? undefined },
  );
  const { outcome } = fields;
  return (
    <Form
      method="post"
      action={action}
      className="space-y-2"
      data-outcome-form={bookingId}
      {...getFormProps(form)}
    >
      <FormAlert errors={form.errors ?? fields.bookingId.errors} />
      <input type="hidden" name="intent" value="outcome" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <ChoiceGroup
        legend={legend}
        aria-invalid={outcome.errors ? true : undefined}
        aria-describedby={outcome.errors ? outcome.errorId : undefined}
        options={OUTCOMES.map((value) => (
          <ChoiceOption
            key={value}
            type="radio"
            name={outcome.name}
            value={value}
            label={OUTCOME_CHOICES[value]}
            defaultChecked={outcome.initialValue === value}
            required
          />
        ))}
      >
        {outcome.errors && <ErrorText id={outcome.errorId}>{outcome.errors[0]}</ErrorText>}
      </ChoiceGroup>
      <Button type="submit" variant="secondary" size="touch">
        {t.saveOutcome}
      </Button>
    </Form>
  );
}

/** The recording link of a group session: https only; the students are emailed once per link. */
export function RecordingForm({
  current,
  action,
  label = t.recordingLabel,
  compact,
}: {
  current: string | null;
  action?: string;
  label?: string;
  compact?: boolean;
}) {
  const [form, fields] = useConsoleForm(
    recordingFormSchema,
    { intent: "recording" },
    { url: current ?? "" },
  );
  const { url } = fields;
  const { key, ...input } = getInputProps(url, { type: "url" });
  return (
    <Form
      method="post"
      action={action}
      className="flex flex-wrap items-end gap-2"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="recording" />
      <div className="basis-full empty:hidden">
        <FormAlert errors={form.errors} />
      </div>
      <div className="min-w-0 basis-full sm:basis-80">
        <Label htmlFor={url.id}>{label}</Label>
        <Input key={key} {...input} inputMode="url" maxLength={MAX_LIVE_URL} required />
        {url.errors && <ErrorText id={url.errorId}>{url.errors[0]}</ErrorText>}
      </div>
      <Button type="submit" variant="secondary" size={compact ? "sm" : "touch"}>
        {t.saveRecording}
      </Button>
    </Form>
  );
}

/** The recording card of a session page: the link as it stands, and the form. */
export function RecordingCard({ data }: { data: SessionPageData }) {
  const { session } = data;
  return (
    <SectionCard title={t.recordingHeading}>
      <p className="mb-3 text-sm text-slate-700">{t.recordingIntro}</p>
      {session.recordingUrl && (
        <p className="mb-3 text-sm text-slate-800">
          {t.recordingNow}{" "}
          <a href={session.recordingUrl} className={linkVariants()} rel="noreferrer">
            {session.recordingUrl}
          </a>
        </p>
      )}
      {session.cancelled ? (
        <p className="text-slate-700">{t.cancelledSession}</p>
      ) : session.started ? (
        <RecordingForm current={session.recordingUrl} />
      ) : (
        <p className="text-slate-700">{t.recordingNotStarted}</p>
      )}
    </SectionCard>
  );
}
