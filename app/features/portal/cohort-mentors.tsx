import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormSelect } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { whenText, type Clock } from "~/components/admin/when";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { checklistWords, mentoringConsole as t } from "./portal-console.words";
import { seatQueueFormSchema } from "~/features/cohort/cohort-forms";
import type { CohortMentoring, MentoredStudent } from "./owner-view.server";

type Choices = CohortMentoring["choices"];

/** Move one student to another active mentor (or assign a waiting one): a Conform form of its own. */
function MoveForm({ student, choices }: { student: MentoredStudent; choices: Choices }) {
  const options = choices
    .filter((choice) => choice.id !== student.mentorId)
    .map((choice) => ({ value: choice.id, label: t.choiceFree(choice.name, choice.free) }));
  const match = { intent: "move_mentor", student: student.personId };
  const [form, fields] = useConsoleForm(seatQueueFormSchema, match);
  if (options.length === 0) return null;
  const error = fields.mentor.errors?.[0];
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="move_mentor" />
      <input type="hidden" name="student" value={student.personId} />
      <FormSelect
        label={t.moveLabel(student.name || student.email)}
        field={fields.mentor}
        options={options}
        className="min-w-0 max-w-full"
      />
      <Button type="submit" variant="secondary" size="xs">
        {student.mentorId ? t.move : t.assign}
      </Button>
      {error ? (
        <p id={fields.mentor.errorId} className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** One student: who, checklist progress, signed in yet, and the move form. */
function StudentItem({
  student,
  choices,
  clock,
}: {
  student: MentoredStudent;
  choices: Choices;
  clock: Clock;
}) {
  const { done, total } = student.progress;
  return (
    <li className="border-t border-slate-100 py-3" data-testid="mentored-student">
      <a href={`/admin/people/${student.personId}`} className={linkVariants()}>
        {student.name || student.email}
      </a>
      <span className="block text-xs text-slate-700 wrap-anywhere">{student.email}</span>
      <p className="mt-1 text-sm text-slate-800">
        <span data-testid="checklist-progress">{checklistWords(done, total)}</span>
        {" · "}
        {student.lastSignedInAt
          ? `${t.signedIn} ${whenText(student.lastSignedInAt, clock)}`
          : t.notSignedIn}
      </p>
      <MoveForm student={student} choices={choices} />
    </li>
  );
}

function StudentList(props: { students: MentoredStudent[]; choices: Choices; clock: Clock }) {
  return (
    <ul className="mt-1">
      {props.students.map((student) => (
        <StudentItem
          key={student.personId}
          student={student}
          choices={props.choices}
          clock={props.clock}
        />
      ))}
    </ul>
  );
}

/**
 * Who mentors whom in the cohort: each mentor with their students and free places, the students
 * waiting for one, and a move form on each student.
 */
export function MentorsCard({ mentoring, clock }: { mentoring: CohortMentoring; clock: Clock }) {
  const { mentors, waiting, choices } = mentoring;
  return (
    <SectionCard title={t.title}>
      <p className="text-sm text-slate-700">{t.intro}</p>
      {choices.length === 0 ? (
        <p className="mt-3 font-medium text-slate-900" data-testid="no-mentor">
          {t.noMentor}{" "}
          <a href="/admin/mentors" className={linkVariants({ weight: "medium" })}>
            {t.setUpMentors}
          </a>
        </p>
      ) : null}
      {mentors.map((mentor) => (
        <section key={mentor.id} className="mt-5" data-testid="mentor-group">
          <h3 className="font-semibold text-slate-900">
            {mentor.name}
            {mentor.isActive ? null : (
              <span className="font-normal text-slate-700"> {t.inactive}</span>
            )}
          </h3>
          <p className="text-sm text-slate-700">
            {t.mentorPlaces(mentor.students.length, mentor.capacity)}
          </p>
          {mentor.students.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t.noStudents}</p>
          ) : (
            <StudentList students={mentor.students} choices={choices} clock={clock} />
          )}
        </section>
      ))}
      <section className="mt-5" data-testid="waiting-for-mentor">
        <h3 className="font-semibold text-slate-900">{t.waitingTitle}</h3>
        {waiting.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t.waitingNone}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t.waitingIntro}</p>
            <StudentList students={waiting} choices={choices} clock={clock} />
          </>
        )}
      </section>
    </SectionCard>
  );
}
