import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ChoiceGroup, FieldError, FieldLabel, TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import {
  interviewsText as t,
  OFFER_KIND_LABELS,
  OTHER_TRACK_LABEL,
  offerConfirmText,
} from "./interviews.words";
import { COMPENSATION_MAX, FIRM_MAX, OFFER_KINDS, OFFER_TRACKS, ROLE_MAX } from "./outcome-forms";

type Result = SubmissionResult<string[]> | null | undefined;

const trackLabel = (track: string) => (track === "other" ? OTHER_TRACK_LABEL : track);
const kindLabel = (kind: string) =>
  OFFER_KIND_LABELS[kind as keyof typeof OFFER_KIND_LABELS] ?? kind;

/** Report an interview: firm, role, day (a plain post). */
export function InterviewForm({ lastResult }: { lastResult: Result }) {
  const [form, fields] = useForm<{ firm: string; role: string; date: string }>({
    id: "interview",
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-interview-form="">
      <input type="hidden" name="intent" value="interview" />
      <TextField field={fields.firm} label={t.firm} required maxLength={FIRM_MAX} />
      <TextField field={fields.role} label={t.role} required maxLength={ROLE_MAX} />
      <TextField
        field={fields.date}
        label={t.interviewDate}
        hint={t.interviewDateHint}
        type="date"
        required
        className="max-w-60"
      />
      <Button type="submit" size="touch">
        {t.saveInterview}
      </Button>
    </Form>
  );
}

/** Report an offer: firm, role, track, internship or full-time, start and pay optional. */
export function OfferForm({ lastResult }: { lastResult: Result }) {
  const [form, fields] = useForm<{
    firm: string;
    role: string;
    track: string;
    kind: string;
    startDate: string;
    compensation: string;
  }>({
    id: "offer",
    lastResult,
    defaultValue: { track: OFFER_TRACKS[0], kind: "internship" },
  });
  const { key: trackKey, ...trackProps } = getSelectProps(fields.track);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-offer-form="">
      <input type="hidden" name="intent" value="offer" />
      <TextField field={fields.firm} label={t.firm} required maxLength={FIRM_MAX} />
      <TextField field={fields.role} label={t.role} required maxLength={ROLE_MAX} />
      <div>
        <FieldLabel htmlFor={fields.track.id} required>
          {t.track}
        </FieldLabel>
        <Select key={trackKey} {...trackProps} className="max-w-80">
          {OFFER_TRACKS.map((track) => (
            <option key={track} value={track}>
              {trackLabel(track)}
            </option>
          ))}
        </Select>
        <FieldError field={fields.track} />
      </div>
      <ChoiceGroup
        field={fields.kind}
        legend={t.kind}
        type="radio"
        required
        options={OFFER_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
      />
      <TextField field={fields.startDate} label={t.startDate} type="date" className="max-w-60" />
      <TextField
        field={fields.compensation}
        label={t.compensation}
        hint={t.compensationHint}
        maxLength={COMPENSATION_MAX}
      />
      <Button type="submit" size="touch">
        {t.saveOffer}
      </Button>
    </Form>
  );
}

export interface OfferRow {
  id: string;
  firm: string;
  role: string;
  track: string;
  kind: string;
  startDate: string | null;
  compensation: string | null;
  confirmed: string | null;
}

/** One offer as its student, their mentor or the owner reads it; `confirm` adds the button. */
export function OfferItem({ offer, confirm }: { offer: OfferRow; confirm?: boolean }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-offer={offer.firm}>
      <p className="font-medium text-slate-900">
        {t.offerItem(offer.firm, offer.role, kindLabel(offer.kind), trackLabel(offer.track))}
      </p>
      {offer.startDate && (
        <p className="text-sm text-slate-700">{t.offerStarts(offer.startDate)}</p>
      )}
      {offer.compensation && (
        <p className="text-sm text-slate-700">{t.offerCompensation(offer.compensation)}</p>
      )}
      <p className="mt-1 text-sm font-medium text-slate-900" data-offer-state="">
        {offer.confirmed
          ? t.confirmed(offer.confirmed)
          : confirm
            ? offerConfirmText.notConfirmed
            : t.waiting}
      </p>
      {confirm && !offer.confirmed && (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="confirm_offer" />
          <input type="hidden" name="offerId" value={offer.id} />
          <Button
            type="submit"
            size="touch"
            variant="secondary"
            aria-label={offerConfirmText.confirmLabel(offer.firm)}
          >
            {offerConfirmText.confirm}
          </Button>
        </Form>
      )}
    </li>
  );
}

export interface OutcomesView {
  jobSeeking: boolean;
  interviews: { id: string; firm: string; role: string; date: string }[];
  offers: OfferRow[];
}

/** A student's interviews and offers for their mentor or the owner, offers with a confirm button. */
export function OutcomesSummary({ view }: { view: OutcomesView }) {
  const c = offerConfirmText;
  return (
    <div className="space-y-3" data-outcomes="">
      <p className="text-slate-900">{view.jobSeeking ? c.jobSeeking : c.notJobSeeking}</p>
      <h3 className="font-semibold text-slate-900">{c.interviews}</h3>
      {view.interviews.length === 0 ? (
        <p className="text-slate-700">{c.noInterviews}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          {view.interviews.map((row) => (
            <li key={row.id}>{t.interviewItem(row.firm, row.role, row.date)}</li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold text-slate-900">{c.offers}</h3>
      {view.offers.length === 0 ? (
        <p className="text-slate-700">{c.noOffers}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{c.confirmHint}</p>
          <ul className="space-y-2">
            {view.offers.map((offer) => (
              <OfferItem key={offer.id} offer={offer} confirm />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
