import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormField } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { consoleText } from "~/content/console";
import { resumesFormSchema } from "./resume-forms";

const t = consoleText.resumes;

/** The date of one resume's livestream review; a refused date shows under this row's field. */
export function ScheduleReviewForm({
  id,
  scheduledFor,
}: {
  id: string;
  scheduledFor: string | null;
}) {
  const [form, fields] = useConsoleForm(
    resumesFormSchema,
    { intent: "schedule", id },
    { date: scheduledFor ?? "" },
  );
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="id" value={id} />
      <FormField label={t.scheduleFor} type="date" field={fields.date} required />
      <Button type="submit" size="md">
        {t.schedule}
      </Button>
    </Form>
  );
}
