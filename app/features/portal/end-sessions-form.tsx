import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { personPortalWords } from "./portal-console.words";

/**
 * The owner's "sign out everywhere" for a student (their person page: the page is the person) or a
 * mentor (`id`, on /admin/mentors): every portal session of theirs ends.
 */
export function EndSessionsForm({ id, label }: { id?: string; label: string }) {
  return (
    <Form method="post" className="mt-4 border-t border-slate-100 pt-4">
      <input type="hidden" name="intent" value="end_sessions" />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <p className="text-sm text-slate-600">{personPortalWords.endSessionsHint}</p>
      <Button type="submit" size="md" variant="secondary" className="mt-2">
        {label}
      </Button>
    </Form>
  );
}
