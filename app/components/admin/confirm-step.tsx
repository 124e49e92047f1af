import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { linkVariants } from "~/components/ui/link";

/**
 * The second step of a two-step danger action (works without JavaScript): what it will do, read
 * out, then a form posting the first step's values again with confirm=yes, or a link back.
 */
export function ConfirmStep({
  message,
  values,
  button,
  cancel,
  busy,
}: {
  message: string;
  /** The first step's fields, posted again as hidden inputs in this order. */
  values: Record<string, string>;
  button: string;
  cancel: string;
  busy: boolean;
}) {
  return (
    <>
      <p role="alert" className="text-sm text-slate-800">
        {message}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        {Object.entries({ ...values, confirm: "yes" }).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="danger" size="md" disabled={busy}>
          {button}
        </Button>
        <a href="?" className={linkVariants({ weight: "medium", size: "sm" })}>
          {cancel}
        </a>
      </Form>
    </>
  );
}
