import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormField } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { formatDollars, PRICE_CENTS } from "~/features/enrollment/pricing.words";
import { splitInstalments } from "~/features/enrollment/price";
import { planSettingsSchema, type PlanSettings } from "./plan-rules";
import { planSettingsPage as t } from "./plans.words";

/** The owner's plan terms: offered or not, how many payments, the surcharge. */
export function PlanSettingsForm({ settings }: { settings: PlanSettings }) {
  const [form, fields] = useConsoleForm(
    planSettingsSchema,
    { intent: "save" },
    {
      enabled: settings.enabled ? "on" : undefined,
      payments: String(settings.count),
      surcharge: (settings.surchargeCents / 100).toFixed(2),
    },
  );
  const total = PRICE_CENTS + settings.surchargeCents;
  const [, each = 0] = splitInstalments(total, settings.count);
  const { key, ...enabled } = getInputProps(fields.enabled, { type: "checkbox", value: "on" });
  return (
    <SectionCard title={t.title}>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <label className="flex items-center gap-2 font-medium">
          <input key={key} {...enabled} className="size-4" />
          {t.enabled}
        </label>
        <div className="flex flex-wrap items-start gap-3">
          <FormField label={t.payments} field={fields.payments} type="number" min={2} max={6} />
          <FormField label={t.surcharge} field={fields.surcharge} inputMode="decimal" />
        </div>
        <p className="text-sm text-slate-600">
          {t.example(settings.count, formatDollars(each), formatDollars(total))}
        </p>
        <Button type="submit" size="md">
          {t.save}
        </Button>
      </Form>
    </SectionCard>
  );
}
