import { Form } from "react-router";
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
import { ATTENDANCE_STATUSES, OUTCOMES } from "./attendance";
import { MAX_LIVE_URL } from "~/features/sessions/group-sessions";
import type { SessionPageData } from "./session-page.server";

type Errors = Record<string, string[] | null> | null | undefined;
const first = (errors: Errors, key: string) => errors?.[key]?.[0];

/** The session page's errors: the form's own, or the first of its fields. */
export function FormError({ errors }: { errors: Errors }) {
  const message = first(errors, "") ?? Object.values(errors ?? {}).flat()[0];
  return message ? (
    <p role="alert" className="font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** One form per session: a radio group (attended, absent, excused) per student; upserts. */
export function AttendanceForm({ data, errors }: { data: SessionPageData; errors: Errors }) {
  const { session, students } = data;
  return (
    <SectionCard title={t.attendanceHeading}>
      {session.cancelled ? (
        <p className="text-slate-700">{t.cancelledSession}</p>
      ) : !session.started ? (
        <p className="text-slate-700">{t.notStarted}</p>
      ) : students.length === 0 ? (
        <p className="text-slate-700">{t.noStudents}</p>
      ) : (
        <Form method="post" className="space-y-4" data-testid="attendance-form">
          <p className="text-sm text-slate-700">{t.attendanceIntro}</p>
          <input type="hidden" name="intent" value="attendance" />
          {students.map((student, i) => {
            const error = first(errors, `marks[${i}].status`);
            return (
              <ChoiceGroup
                key={student.personId}
                legend={student.name}
                hint={student.status ? t.current(GROUP_MARK_LABELS[student.status]) : undefined}
                data-student={student.name}
                options={ATTENDANCE_STATUSES.map((status) => (
                  <ChoiceOption
                    key={status}
                    type="radio"
                    name={`marks[${i}].status`}
                    value={status}
                    label={GROUP_MARK_LABELS[status]}
                    defaultChecked={student.status === status}
                  />
                ))}
              >
                <input type="hidden" name={`marks[${i}].student`} value={student.personId} />
                {error && <ErrorText>{error}</ErrorText>}
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
  return (
    <Form method="post" action={action} className="space-y-2" data-outcome-form={bookingId}>
      <input type="hidden" name="intent" value="outcome" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <ChoiceGroup
        legend={legend}
        options={OUTCOMES.map((outcome) => (
          <ChoiceOption
            key={outcome}
            type="radio"
            name="outcome"
            value={outcome}
            label={OUTCOME_CHOICES[outcome]}
            defaultChecked={current === outcome}
            required
          />
        ))}
      />
      <Button type="submit" variant="secondary" size="touch">
        {t.saveOutcome}
      </Button>
    </Form>
  );
}

/** The recording link of a group session: https only; the students are emailed once per link. */
export function RecordingForm({
  sessionId,
  current,
  error,
  action,
  label = t.recordingLabel,
  compact,
}: {
  sessionId: string;
  current: string | null;
  error?: string;
  action?: string;
  label?: string;
  compact?: boolean;
}) {
  const id = `recording-${sessionId}`;
  return (
    <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="recording" />
      <div className="min-w-0 basis-full sm:basis-80">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          name="url"
          type="url"
          inputMode="url"
          maxLength={MAX_LIVE_URL}
          defaultValue={current ?? ""}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
      </div>
      <Button type="submit" variant="secondary" size={compact ? "sm" : "touch"}>
        {t.saveRecording}
      </Button>
    </Form>
  );
}

/** The recording card of a session page: the link as it stands, and the form. */
export function RecordingCard({ data, errors }: { data: SessionPageData; errors: Errors }) {
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
        <RecordingForm
          sessionId={session.id}
          current={session.recordingUrl}
          error={first(errors, "url")}
        />
      ) : (
        <p className="text-slate-700">{t.recordingNotStarted}</p>
      )}
    </SectionCard>
  );
}
