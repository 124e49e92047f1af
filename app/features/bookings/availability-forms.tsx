import { getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FieldError, FieldLabel, TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Hint, Select } from "~/components/ui/input";
import { availabilityText as t, meetingPlaceText as mp } from "./bookings.words";
import { WEEKDAYS } from "~/content/site";
import { clockOf, END_TIMES, START_TIMES } from "./availability-form";
import { MAX_MEETING_PLACE } from "./meeting-place";
import { timeZoneLabel } from "~/lib/zone-names";

type Result = SubmissionResult<string[]> | null | undefined;

/** Where the mentor meets students: one field, posted on its own, before any hours. */
export function PlaceForm({ place, lastResult }: { place: string | null; lastResult: Result }) {
  const [form, fields] = useForm({
    id: "place",
    lastResult,
    defaultValue: { place: place ?? "" },
  });
  return (
    <Form method="post" id={form.id} className="space-y-3">
      <input type="hidden" name="intent" value="place" />
      <TextField
        field={fields.place}
        label={mp.label}
        hint={mp.hint}
        required
        maxLength={MAX_MEETING_PLACE}
        autoComplete="off"
      />
      <Button type="submit" size="touch">
        {mp.save}
      </Button>
    </Form>
  );
}

/** The mentor's zone: one select, posted on its own. */
export function ZoneForm({
  zone,
  guessZone,
  zones,
  lastResult,
}: {
  zone: string;
  /** None saved yet: the page's enhancement preselects the browser's zone. */
  guessZone: boolean;
  zones: readonly string[];
  lastResult: Result;
}) {
  const [form, fields] = useForm({ id: "zone", lastResult, defaultValue: { timeZone: zone } });
  const { key, ...props } = getSelectProps(fields.timeZone);
  return (
    <Form method="post" id={form.id} className="space-y-3">
      <input type="hidden" name="intent" value="zone" />
      <div>
        <FieldLabel htmlFor={fields.timeZone.id} required>
          {t.zoneLabel}
        </FieldLabel>
        <Hint id={`${fields.timeZone.id}-hint`}>
          {guessZone ? `${t.zoneHint} ${t.zoneGuessHint}` : t.zoneHint}
        </Hint>
        <Select
          key={key}
          {...props}
          data-guess-time-zone={guessZone ? "" : undefined}
          aria-describedby={`${fields.timeZone.id}-hint ${fields.timeZone.errorId}`}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {timeZoneLabel(z)}
            </option>
          ))}
        </Select>
        <FieldError field={fields.timeZone} />
      </div>
      <Button type="submit" size="touch">
        {t.zoneSave}
      </Button>
    </Form>
  );
}

/** The remove button of one row of hours or one day off: a post of its own. */
function RemoveForm({
  intent,
  id,
  label,
}: {
  intent: "remove_hours" | "remove_off";
  id: string;
  label: string;
}) {
  return (
    <Form method="post" className="shrink-0">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="touch" aria-label={label}>
        {t.remove}
      </Button>
    </Form>
  );
}

export interface HoursRow {
  id: string;
  weekday: number;
  start_minute: number;
  end_minute: number;
}

/** The weekly hours, each with its own remove button (a post), and the form that adds a row. */
export function HoursForms({
  hours,
  placeSet,
  lastResult,
}: {
  hours: readonly HoursRow[];
  /** No hours are added before a meeting place is saved (the server refuses them too). */
  placeSet: boolean;
  lastResult: Result;
}) {
  const [form, fields] = useForm({
    id: "add-hours",
    lastResult,
    defaultValue: { weekday: "1", from: "09:00", to: "12:00" },
  });
  const selects = [
    {
      field: fields.weekday,
      label: t.weekday,
      options: WEEKDAYS.map((day, i) => [String(i + 1), day]),
    },
    { field: fields.from, label: t.from, options: START_TIMES.map((v) => [v, v]) },
    { field: fields.to, label: t.to, options: END_TIMES.map((v) => [v, v]) },
  ];
  return (
    <div className="space-y-4">
      {hours.length === 0 ? (
        <p className="text-slate-700">{t.hoursEmpty}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label={t.hoursTable}
        >
          {hours.map((row) => {
            const day = WEEKDAYS[row.weekday - 1] ?? "";
            const from = clockOf(row.start_minute);
            const to = clockOf(row.end_minute);
            return (
              <li
                key={row.id}
                className="flex items-center justify-between gap-3 p-3"
                data-hours-row=""
              >
                <span className="min-w-0">
                  {day} {from}–{to}
                </span>
                <RemoveForm
                  intent="remove_hours"
                  id={row.id}
                  label={t.removeLabel(day, from, to)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {!placeSet ? (
        <p className="font-medium text-slate-900" data-place-needed="">
          {mp.needed}
        </p>
      ) : (
        <Form method="post" id={form.id} className="space-y-3">
          <input type="hidden" name="intent" value="add_hours" />
          <h3 className="font-semibold text-slate-900">{t.addHeading}</h3>
          <div className="grid gap-3 sm:grid-cols-3">
            {selects.map(({ field, label, options }) => {
              const { key, ...props } = getSelectProps(field);
              return (
                <div key={field.name}>
                  <FieldLabel htmlFor={field.id} required>
                    {label}
                  </FieldLabel>
                  <Select key={key} {...props} aria-describedby={field.errorId}>
                    {options.map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </Select>
                  <FieldError field={field} />
                </div>
              );
            })}
          </div>
          <Button type="submit" size="touch">
            {t.add}
          </Button>
        </Form>
      )}
    </div>
  );
}

/** Upcoming days off, each removable, and the form that adds one. */
export function DaysOffForms({
  daysOff,
  lastResult,
}: {
  daysOff: readonly { id: string; date: string; label: string }[];
  lastResult: Result;
}) {
  const [form, fields] = useForm<{ date: string }>({ id: "add-off", lastResult });
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t.offHint}</p>
      {daysOff.length === 0 ? (
        <p className="text-slate-700">{t.offEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {daysOff.map((day) => (
            <li
              key={day.id}
              className="flex items-center justify-between gap-3 p-3"
              data-day-off=""
            >
              <span className="min-w-0">{day.label}</span>
              <RemoveForm intent="remove_off" id={day.id} label={`${t.remove} ${day.label}`} />
            </li>
          ))}
        </ul>
      )}
      <Form method="post" id={form.id} className="space-y-3">
        <input type="hidden" name="intent" value="add_off" />
        <TextField field={fields.date} label={t.offDate} type="date" required />
        <Button type="submit" size="touch">
          {t.addOff}
        </Button>
      </Form>
    </div>
  );
}
