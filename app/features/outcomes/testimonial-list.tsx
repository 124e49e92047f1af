import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormTextarea } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { RowAction } from "~/components/admin/row-action";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/input";
import { testimonialsConsole as t } from "./testimonials.words";
import { PHOTO_DISPLAY_SIZE } from "./testimonial-photo";
import { QUOTE_MAX, testimonialsConsoleSchema } from "./testimonials";
import type { OfferCountSetting, TestimonialRow } from "./testimonial-publishing.server";

/** The home page's headline: "4+" or the count of confirmed offers, as the owner chooses. */
export function OfferCountCard({ setting }: { setting: OfferCountSetting }) {
  return (
    <SectionCard title={t.settingsTitle}>
      <p className="text-sm text-slate-700" data-confirmed-offers={setting.confirmedOffers}>
        {t.settingsIntro(setting.confirmedOffers)}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="settings" />
        <input type="hidden" name="showOfferCount" value="off" />
        <label className="flex cursor-pointer items-center gap-3">
          <Checkbox name="showOfferCount" value="on" defaultChecked={setting.showOfferCount} />
          <span className="text-sm font-medium text-slate-800">{t.showCount}</span>
        </label>
        <Button type="submit" size="md">
          {t.saveSettings}
        </Button>
      </Form>
    </SectionCard>
  );
}

/** One written testimonial: its words, consent and state; approve, fix, move, hide. */
export function TestimonialItem({
  row,
  first,
  last,
  when,
}: {
  row: TestimonialRow;
  first: boolean;
  last: boolean;
  when: { consentAt: string; withdrawnAt: string | null };
}) {
  const [form, fields] = useConsoleForm(
    testimonialsConsoleSchema,
    { intent: "edit", id: row.id },
    { publishedQuote: row.publishedQuote },
  );
  const approved = row.status === "approved";
  return (
    <article
      aria-label={row.name}
      className="rounded-xl border border-slate-200 bg-white p-5"
      data-testid="testimonial"
      data-status={row.status}
    >
      <div className="flex items-center gap-3">
        {row.photoUploadId && (
          // The owner's own download address: any upload, behind the admin session, never cached.
          <img
            src={`/admin/uploads/${row.photoUploadId}`}
            alt={t.photoLabel(row.name)}
            width={PHOTO_DISPLAY_SIZE}
            height={PHOTO_DISPLAY_SIZE}
            loading="lazy"
            className="size-16 shrink-0 rounded-full object-cover"
            data-testimonial-photo=""
          />
        )}
        <h2 className="text-lg font-semibold text-brand-900">{t.shownAs(row.name, row.firm)}</h2>
      </div>
      <p className="text-sm text-slate-700">
        {`${t.statusNames[row.status]} · ${t.consentNames[row.consent]} · ${t.consentAt(when.consentAt)}`}
      </p>
      {when.withdrawnAt && (
        <p className="mt-1 text-sm font-medium text-red-700">{`${t.withdrawn}: ${when.withdrawnAt}`}</p>
      )}
      <p className="mt-3 text-sm font-medium text-slate-800">{t.theirWords}</p>
      <blockquote className="mt-1 border-l-4 border-slate-200 pl-3 whitespace-pre-line text-slate-800">
        {row.quote}
      </blockquote>
      <Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={row.id} />
        <FormTextarea
          label={t.publishedQuote}
          field={fields.publishedQuote}
          maxLength={QUOTE_MAX}
          rows={4}
          required
        />
        <Button type="submit" variant="secondary" size="md">
          {t.save}
        </Button>
      </Form>
      <div className="mt-4 flex flex-wrap gap-3">
        {!approved && !row.withdrawnAt && (
          <RowAction id={row.id} intent="approve" label={t.approve} />
        )}
        {approved && !first && <MoveButton id={row.id} direction="up" name={row.name} />}
        {approved && !last && <MoveButton id={row.id} direction="down" name={row.name} />}
        {row.status !== "hidden" && <RowAction id={row.id} intent="hide" label={t.hide} />}
      </div>
    </article>
  );
}

function MoveButton({
  id,
  direction,
  name,
}: {
  id: string;
  direction: "up" | "down";
  name: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <Button
        type="submit"
        variant="secondary"
        size="md"
        aria-label={direction === "up" ? t.upLabel(name) : t.downLabel(name)}
      >
        {direction === "up" ? t.up : t.down}
      </Button>
    </Form>
  );
}
