import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormField, FormSelect } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { sessionsConsole as t } from "./sessions.words";
import { WEEKDAYS } from "~/content/site";
import { sessionFormSchema } from "./group-sessions";
import type { CohortSessions } from "./console.server";

type Session = CohortSessions["sessions"][number];

/** The session whose cancel awaits the owner's yes, and how many people it will email. */
export interface CancelQuestion {
  id: string;
  count: number;
}

/** The weekly slot (day, time, minutes in the site's zone) and the live link; saving re-plans. */
function SettingsForm({ data }: { data: CohortSessions }) {
  const [form, fields] = useConsoleForm(
    sessionFormSchema,
    { intent: "session_settings" },
    {
      weekday: String(data.slot.weekday),
      time: data.slot.time,
      minutes: String(data.slot.minutes),
      liveUrl: data.liveUrl,
    },
  );
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="session_settings" />
      <FormSelect
        label={t.weekday}
        field={fields.weekday}
        options={WEEKDAYS.map((day, i) => ({ value: String(i + 1), label: day }))}
      />
      <FormField label={t.time} field={fields.time} inputMode="numeric" maxLength={5} />
      <FormField label={t.minutes} field={fields.minutes} inputMode="numeric" maxLength={3} />
      <FormField
        label={t.liveUrl}
        field={fields.liveUrl}
        type="text"
        inputMode="url"
        maxLength={500}
        className="min-w-0 basis-full sm:basis-80"
      />
      <Button type="submit" size="sm">
        {t.save}
      </Button>
    </Form>
  );
}

/** A session's move form and cancel button, while it has not started. */
function SessionControls({ session, asking }: { session: Session; asking: CancelQuestion | null }) {
  const [form, fields] = useConsoleForm(
    sessionFormSchema,
    { intent: "session_move", id: session.id },
    { startsAt: session.local },
  );
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="session_move" />
        <input type="hidden" name="id" value={session.id} />
        <FormField
          label={t.moveLabel(session.week)}
          field={fields.startsAt}
          type="datetime-local"
        />
        <Button type="submit" variant="secondary" size="xs">
          {t.move}
        </Button>
      </Form>
      {asking ? (
        <CancelConfirm session={session} count={asking.count} />
      ) : (
        !session.cancelled && (
          <Form method="post">
            <input type="hidden" name="intent" value="session_cancel" />
            <input type="hidden" name="id" value={session.id} />
            <Button type="submit" variant="secondary" size="xs">
              {t.cancel}
            </Button>
          </Form>
        )
      )}
    </div>
  );
}

/** The cancel's question: how many people hear of it, and the yes that does it (no JavaScript). */
function CancelConfirm({ session, count }: { session: Session; count: number }) {
  return (
    <Form method="post" className="flex basis-full flex-wrap items-center gap-3">
      <p role="alert" className="basis-full text-sm text-slate-800">
        {t.cancelConfirm(session.week, count)}
      </p>
      <input type="hidden" name="intent" value="session_cancel" />
      <input type="hidden" name="id" value={session.id} />
      <input type="hidden" name="confirm" value="yes" />
      <Button type="submit" variant="danger" size="xs">
        {t.cancelConfirmButton(count)}
      </Button>
      <a href="?" className={linkVariants({ weight: "medium", size: "sm" })}>
        {t.keepSession}
      </a>
    </Form>
  );
}

/** A started session has no controls; a post that came too late has its refusal shown here. */
function StartedNote({ session }: { session: Session }) {
  const [form, fields] = useConsoleForm(sessionFormSchema, { id: session.id });
  const refusal = fields.startsAt.errors?.[0] ?? form.errors?.[0];
  return (
    <p className="mt-1 text-sm text-slate-600" data-testid="session-started">
      {t.startedNote}
      {refusal ? (
        <span role="alert" className="mt-1 block font-normal text-red-700">
          {refusal}
        </span>
      ) : null}
    </p>
  );
}

/** One session: its week, topic and time (site zone named), then its controls or "started". */
function SessionItem({ session, asking }: { session: Session; asking: CancelQuestion | null }) {
  return (
    <li
      className="border-t border-slate-100 py-3"
      data-testid="group-session"
      data-week={session.week}
    >
      <p className={cn("font-medium text-slate-900", session.cancelled && "line-through")}>
        {t.week(session.week, session.topic)}
      </p>
      <p className="text-sm text-slate-700" data-testid="session-when">
        {session.when}
        {session.cancelled ? ` · ${t.cancelled}` : ""}
      </p>
      {session.started ? (
        <StartedNote session={session} />
      ) : (
        <SessionControls session={session} asking={asking} />
      )}
    </li>
  );
}

/** The cohort's group sessions: the weekly slot and live link, then each of the six. */
export function SessionsCard({
  data,
  asking = null,
}: {
  data: CohortSessions;
  asking?: CancelQuestion | null;
}) {
  return (
    <SectionCard title={t.title}>
      <p className="mb-3 text-sm text-slate-700">{t.intro(data.zone)}</p>
      <SettingsForm data={data} />
      {data.sessions.length === 0 ? (
        <p className="mt-4 text-slate-700">{t.noStartDate}</p>
      ) : (
        <ul className="mt-4">
          {data.sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              asking={asking?.id === session.id ? asking : null}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
