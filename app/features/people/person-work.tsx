import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { NoteList } from "~/components/note-list";
import { FormTextarea } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard as Card } from "~/components/ui/card";
import { consoleText } from "~/content/console";
import { MAX_NOTE, MAX_REPLY, personFormSchema } from "./person-form";
import { mayGetEnrollLink, mayGetSeatOffer } from "./person-actions";
import { questionOf } from "./questions";
import { age } from "~/lib/time-zone";
import { whenText, type Clock } from "~/components/admin/when";
import { answerText, waitlistReasonWords } from "~/content/console-words";
import type { PersonDetail } from "./person-detail.server";

const t = consoleText.person;

/** Their status in words; on the waitlist, why (the reason stored with the latest change). */
function statusText(detail: PersonDetail): string {
  const { status } = detail.person;
  const latest = detail.history.findLast((entry) => entry.status === status);
  return status === "waitlist" && latest
    ? t.waitlistBecause(t.statusWords.waitlist, waitlistReasonWords(latest.reason))
    : t.statusWords[status];
}

/** Who they are, their status in words, and their latest application with its question on top. */
export function PersonSummary({ detail, clock }: { detail: PersonDetail; clock: Clock }) {
  const { person } = detail;
  const application = detail.submissions.find((s) => s.type === "application");
  const answers = application?.formData ?? {};
  const question = questionOf(answers);
  const who = [person.email, person.university, person.graduation_year].filter(Boolean);
  return (
    <div className="space-y-4">
      <p className="text-slate-700 wrap-anywhere">{who.join(" · ")}</p>
      <p data-testid="status-words" className="font-semibold text-brand-900">
        {statusText(detail)}
      </p>
      {question && application ? (
        <Card title={t.question}>
          <blockquote className="border-l-4 border-amber-500 pl-3 whitespace-pre-line text-slate-900 wrap-anywhere">
            {question}
          </blockquote>
          <p className="mt-2 text-sm text-slate-600">
            {t.askedOn(
              `${whenText(application.created_at, clock)} (${age(new Date(application.created_at), new Date(clock.now))} ago)`,
            )}
          </p>
        </Card>
      ) : null}
      <Card title={t.answers}>
        {application ? (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
            {Object.entries(t.answerLabels).map(([key, label]) => (
              <div key={key} className="contents">
                <dt className="font-medium text-slate-700">{label}</dt>
                <dd className="whitespace-pre-line wrap-anywhere">
                  {answerText(key, answers[key])}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-slate-600">{t.noApplication}</p>
        )}
      </Card>
    </div>
  );
}

export function ReplyCard({ busy }: { busy: boolean }) {
  const [form, fields] = useConsoleForm(personFormSchema, { intent: "reply" });
  return (
    <Card title={t.reply}>
      <Form method="post" className="space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="reply" />
        <FormTextarea label={t.replyLabel} field={fields.message} required maxLength={MAX_REPLY} />
        <p className="text-sm text-slate-600">{t.replyHint}</p>
        <Button type="submit" size="md" disabled={busy}>
          {t.replyButton}
        </Button>
      </Form>
    </Card>
  );
}

export function NotesCard({
  notes,
  clock,
  busy,
}: {
  notes: PersonDetail["notes"];
  clock: Clock;
  busy: boolean;
}) {
  const [form, fields] = useConsoleForm(personFormSchema, { intent: "note" });
  return (
    <Card title={t.notes}>
      <p className="text-sm text-slate-600">{t.notesHint}</p>
      {notes.length > 0 ? (
        <NoteList
          notes={notes}
          byline={(note) => t.noteBy(note.author, whenText(note.created_at, clock))}
        />
      ) : null}
      {/* Keyed on the newest note so the box empties after one is added. */}
      <Form key={notes[0]?.id} method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="note" />
        <FormTextarea
          label={t.noteLabel}
          field={fields.body}
          required
          maxLength={MAX_NOTE}
          rows={3}
        />
        <Button type="submit" size="md" variant="secondary" disabled={busy}>
          {t.noteButton}
        </Button>
      </Form>
    </Card>
  );
}

/** Sending the enrollment link (a qualified person) and offering a seat (a full cohort). */
export function EnrollmentCard({
  person,
  cohortFull,
  busy,
}: {
  person: PersonDetail["person"];
  cohortFull: boolean;
  busy: boolean;
}) {
  const canLink = mayGetEnrollLink(person.status);
  const canOffer = cohortFull && mayGetSeatOffer(person.status);
  if (!canLink && !canOffer) return null;
  return (
    <Card title={t.enrollment}>
      <div className="space-y-4">
        {canLink ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="send_link" />
            <p className="text-sm text-slate-600">{t.sendLinkHint}</p>
            <Button type="submit" size="md" disabled={busy}>
              {t.sendLink}
            </Button>
          </Form>
        ) : null}
        {canOffer ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="offer_seat" />
            <p className="text-sm text-slate-600">{t.offerSeatHint}</p>
            <Button type="submit" size="md" variant="secondary" disabled={busy}>
              {t.offerSeat}
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}
