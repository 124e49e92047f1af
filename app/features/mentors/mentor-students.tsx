import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { NoteList } from "~/components/note-list";
import { FieldError, FieldLabel, staticFormProps } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Card, SectionCard } from "~/components/ui/card";
import { Textarea } from "~/components/ui/input";
import { linkVariants } from "~/components/ui/link";
import { mentorPortal as t } from "./mentors.words";
import { MAX_MENTOR_NOTE, mentorNoteSchema } from "./mentor-forms";
import { formatWhen } from "~/lib/time-zone";
import type { MentorStudent } from "./mentor-students.server";

/** The site's zone and the request's time, so an instant prints the same on every render. */
export interface PortalClock {
  zone: string;
  now: string;
}

const when = (iso: string, clock: PortalClock) =>
  formatWhen(new Date(iso), clock.zone, new Date(clock.now));

export interface MentorStudentRow {
  id: string;
  name: string;
  university: string;
  graduationYear: string | null;
  timeZone: string | null;
  profileDone: boolean;
}

/** The mentor's students, one card each (a phone reads them without scrolling sideways). */
export function StudentCards({ students }: { students: MentorStudentRow[] }) {
  if (students.length === 0) return <p className="text-slate-700">{t.none}</p>;
  return (
    <ul aria-label={t.listLabel} className="grid gap-4 sm:grid-cols-2">
      {students.map((student) => (
        <li key={student.id} data-testid="mentor-student">
          <Card padding="md" className="h-full">
            <h2 className="text-lg font-semibold">
              <Link to={`/portal/mentor/students/${student.id}`} className={linkVariants()}>
                {student.name}
              </Link>
            </h2>
            <dl className="mt-2 space-y-1 text-sm text-slate-700">
              <Fact term={t.university}>{student.university}</Fact>
              <Fact term={t.graduationYear}>{student.graduationYear || t.notSet}</Fact>
              <Fact term={t.timeZone}>{student.timeZone || t.notSet}</Fact>
              <Fact term={t.profileTitle}>
                {student.profileDone ? t.profileDone : t.profileNotDone}
              </Fact>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-slate-900">{term}:</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

function Answer({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="mt-1 whitespace-pre-line text-slate-700">{children}</dd>
    </div>
  );
}

/** A student's profile and application answers, as their mentor reads them. */
export function StudentProfile({ student }: { student: MentorStudent }) {
  const { profile, application } = student;
  const linkedin = profile.linkedinUrl;
  return (
    <>
      <SectionCard title={t.profileTitle}>
        <dl className="space-y-1 text-sm text-slate-700">
          <Fact term={t.email}>
            <a href={`mailto:${student.email}`} className={linkVariants({ weight: "normal" })}>
              {student.email}
            </a>
          </Fact>
          <Fact term={t.university}>{student.university}</Fact>
          <Fact term={t.graduationYear}>{profile.graduationYear || t.notSet}</Fact>
          <Fact term={t.timeZone}>{profile.timeZone || t.notSet}</Fact>
          <Fact term={t.targetRoles}>
            {profile.targetRoles.length ? profile.targetRoles.join(", ") : t.notSet}
          </Fact>
          <Fact term={t.targetFirms}>{profile.targetFirms || t.notSet}</Fact>
          <Fact term={t.linkedin}>
            {linkedin ? (
              <a
                href={linkedin}
                rel="noopener noreferrer nofollow"
                className={linkVariants({ weight: "normal" })}
              >
                {linkedin}
              </a>
            ) : (
              t.notSet
            )}
          </Fact>
        </dl>
      </SectionCard>
      <SectionCard title={t.applicationTitle}>
        {application ? (
          <dl className="space-y-3 text-sm">
            <Answer term={t.careerTargets}>
              {application.careerTargets.join(", ") || t.notSet}
            </Answer>
            <Answer term={t.challenge}>{application.challenge || t.notSet}</Answer>
            <Answer term={t.motivation}>{application.motivation || t.notSet}</Answer>
          </dl>
        ) : (
          <p className="text-sm text-slate-700">{t.noApplication}</p>
        )}
      </SectionCard>
    </>
  );
}

/** The student's current resume, as a download only their mentor can fetch. */
export function StudentResume({ student, clock }: { student: MentorStudent; clock: PortalClock }) {
  return (
    <SectionCard title={t.resumeTitle}>
      {student.resume ? (
        <p className="text-sm">
          <a
            href={`/portal/mentor/students/${student.id}/resume`}
            download
            className={linkVariants()}
          >
            {t.resumeDownload(student.resume.name)}
          </a>
          <span className="mt-1 block text-slate-600">
            {t.resumeUploaded(when(student.resume.at, clock))}
          </span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">{t.noResume}</p>
      )}
    </SectionCard>
  );
}

/** The mentors' private notes about the student, and the form that adds one (plain HTML post). */
export function StudentNotes({
  student,
  clock,
  lastResult,
}: {
  student: MentorStudent;
  clock: PortalClock;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mentorNoteSchema }),
  });
  return (
    <SectionCard title={t.notesTitle}>
      <p className="text-sm text-slate-600">{t.notesHint}</p>
      {student.notes.length > 0 ? (
        <NoteList
          notes={student.notes}
          byline={(note) => t.noteBy(note.author, when(note.created_at, clock))}
          testId="mentor-notes"
        />
      ) : (
        <p className="mt-3 text-sm text-slate-700">{t.noNotes}</p>
      )}
      {/* Keyed on the newest note so the box empties after one is saved. */}
      <Form
        key={student.notes[0]?.id}
        method="post"
        className="mt-4 space-y-3"
        {...staticFormProps(form)}
      >
        <input type="hidden" name="intent" value="note" />
        <div>
          <FieldLabel htmlFor={fields.body.id} required>
            {t.noteLabel}
          </FieldLabel>
          <Textarea
            id={fields.body.id}
            name={fields.body.name}
            defaultValue={fields.body.initialValue as string | undefined}
            aria-invalid={fields.body.errors ? true : undefined}
            aria-describedby={fields.body.errors ? fields.body.errorId : undefined}
            required
            maxLength={MAX_MENTOR_NOTE}
            rows={4}
          />
          <FieldError field={fields.body} />
        </div>
        <Button type="submit" size="touch">
          {t.noteButton}
        </Button>
      </Form>
    </SectionCard>
  );
}
