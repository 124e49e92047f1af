import { EndSessionsForm } from "~/features/portal/end-sessions-form";
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormField, FormTextarea } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { meetingPlaceText as mp } from "~/features/bookings/bookings.words";
import { mentorsConsole as t } from "./mentors.words";
import {
  DEFAULT_MENTOR_CAPACITY,
  MAX_MENTOR_BIO,
  MAX_MENTOR_CAPACITY,
  MAX_MENTOR_EMAIL,
  MAX_MENTOR_NAME,
  MIN_MENTOR_CAPACITY,
  mentorsFormSchema,
} from "./mentor-forms";
import { MAX_MEETING_PLACE } from "~/features/bookings/meeting-place";
import type { MentorSummary } from "./mentors.server";

/** Every mentor at a glance: their load in the current cohort first, then their state. */
export function MentorTable({ mentors }: { mentors: MentorSummary[] }) {
  if (mentors.length === 0) return <p className="mt-4 text-slate-700">{t.none}</p>;
  return (
    <DataTable columns={t.columns} label={t.listLabel}>
      {mentors.map((mentor) => (
        <Row key={mentor.id} data-testid="mentor-row">
          <RowHeader className="min-w-32">
            <a href={`#mentor-${mentor.id}`} className="text-brand-700 underline">
              {mentor.name}
            </a>
          </RowHeader>
          <Cell>{t.studentsOf(mentor.students, mentor.capacity)}</Cell>
          <Cell>{mentor.capacity}</Cell>
          <Cell>{mentor.isActive ? t.active : t.inactive}</Cell>
          <Cell className="wrap-anywhere">{mentor.email}</Cell>
        </Row>
      ))}
    </DataTable>
  );
}

/** The name, bio and capacity fields an invitation and an edit share. */
function MentorFields({
  fields,
}: {
  fields: ReturnType<typeof useConsoleForm<typeof mentorsFormSchema>>[1];
}) {
  return (
    <>
      <FormField label={t.name} field={fields.name} required maxLength={MAX_MENTOR_NAME} />
      <FormField
        label={t.capacity}
        field={fields.capacity}
        type="number"
        min={MIN_MENTOR_CAPACITY}
        max={MAX_MENTOR_CAPACITY}
        step={1}
        required
      />
      <div className="sm:col-span-2">
        <FormTextarea label={t.bio} field={fields.bio} maxLength={MAX_MENTOR_BIO} rows={3} />
      </div>
    </>
  );
}

export function InviteMentorCard() {
  const [form, fields] = useConsoleForm(
    mentorsFormSchema,
    { intent: "invite" },
    { capacity: String(DEFAULT_MENTOR_CAPACITY) },
  );
  return (
    <SectionCard title={t.inviteTitle} className="mt-6">
      <p className="text-sm text-slate-700">{t.inviteIntro}</p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="invite" />
        <div className="sm:col-span-2">
          <FormField
            label={t.email}
            field={fields.email}
            required
            maxLength={MAX_MENTOR_EMAIL}
            autoComplete="off"
          />
        </div>
        <MentorFields fields={fields} />
        <div>
          <Button type="submit" size="md">
            {t.invite}
          </Button>
        </div>
      </Form>
    </SectionCard>
  );
}

/** One mentor's card: edit their name, bio and capacity; deactivate or reactivate them. */
export function EditMentorCard({ mentor }: { mentor: MentorSummary }) {
  const [form, fields] = useConsoleForm(
    mentorsFormSchema,
    { intent: "edit", id: mentor.id },
    { name: mentor.name, bio: mentor.bio, capacity: String(mentor.capacity) },
  );
  return (
    <section
      id={`mentor-${mentor.id}`}
      aria-label={t.editTitle(mentor.name)}
      className="rounded-xl border border-slate-200 bg-white p-5"
      data-testid="mentor-card"
    >
      <h2 className="text-lg font-semibold text-brand-900">{t.editTitle(mentor.name)}</h2>
      <p className="text-sm wrap-anywhere text-slate-700">
        {mentor.email} · {mentor.isActive ? t.active : t.inactive}
      </p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={mentor.id} />
        <MentorFields fields={fields} />
        <div>
          <Button type="submit" size="md" variant="secondary">
            {t.save}
          </Button>
        </div>
      </Form>
      <PlaceForm mentor={mentor} />
      <Form method="post" className="mt-4 border-t border-slate-100 pt-4">
        <input type="hidden" name="intent" value={mentor.isActive ? "deactivate" : "reactivate"} />
        <input type="hidden" name="id" value={mentor.id} />
        <p className="text-sm text-slate-600">
          {mentor.isActive ? t.deactivateHint : t.reactivateHint}
        </p>
        <Button
          type="submit"
          size="md"
          variant={mentor.isActive ? "danger" : "secondary"}
          className="mt-2"
        >
          {mentor.isActive ? t.deactivate : t.reactivate}
        </Button>
      </Form>
      {mentor.isActive ? <EndSessionsForm id={mentor.id} label={t.endSessions} /> : null}
    </section>
  );
}

/** Where the mentor meets students: saving a new one updates their upcoming bookings' invites. */
function PlaceForm({ mentor }: { mentor: MentorSummary }) {
  const [form, fields] = useConsoleForm(
    mentorsFormSchema,
    { intent: "place", id: mentor.id },
    { place: mentor.meetingPlace ?? "" },
  );
  return (
    <Form
      method="post"
      className="mt-4 space-y-2 border-t border-slate-100 pt-4"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="place" />
      <input type="hidden" name="id" value={mentor.id} />
      <p className="text-sm text-slate-600">{mentor.meetingPlace ? mp.hint : t.placeNotSet}</p>
      <FormField
        label={mp.label}
        field={fields.place}
        required
        maxLength={MAX_MEETING_PLACE}
        autoComplete="off"
      />
      <Button type="submit" size="md" variant="secondary">
        {t.placeSave}
      </Button>
    </Form>
  );
}
