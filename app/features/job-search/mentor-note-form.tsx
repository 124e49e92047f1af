import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormAlert, TextArea } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { BOUNDS } from "./job-search-forms";
import { mentorApplicationText as m } from "./mentor-board.words";

/** A mentor's note on their student's application (a plain post). */
export function MentorNoteForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm<{ body: string }>({ id: "application-note", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-application-note="">
      <FormAlert errors={form.errors} />
      <input type="hidden" name="intent" value="note" />
      <TextArea
        field={fields.body}
        label={m.noteLabel}
        hint={m.noteHint}
        required
        maxLength={BOUNDS.note}
      />
      <Button type="submit" size="touch" variant="secondary">
        {m.addNote}
      </Button>
    </Form>
  );
}
