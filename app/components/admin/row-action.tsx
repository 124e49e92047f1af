import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** A one-button form acting on one row of a console list (retry an email, mark a resume reviewed). */
export function RowAction({
  id,
  intent,
  label,
  size = "md",
}: {
  id: string;
  intent?: string;
  label: string;
  size?: "md" | "xs";
}) {
  return (
    <Form method="post">
      {intent && <input type="hidden" name="intent" value={intent} />}
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size={size}>
        {label}
      </Button>
    </Form>
  );
}
