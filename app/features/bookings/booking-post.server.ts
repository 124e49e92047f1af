import { parseWithZod } from "@conform-to/zod/v4";
import type { AppContext } from "~/context";
import type { PortalUser } from "~/features/portal/portal-users.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { z } from "~/lib/zod";

type Toast = { title: string; description: string };
type Change = "booked" | "moved" | "cancelled";

const isChange = (kind: string): kind is Change =>
  kind === "booked" || kind === "moved" || kind === "cancelled";

/** What a booking page says: a toast per change, a message per refusal (the outcome's kind). */
interface BookingPageWords<Refusal extends string> {
  bookedToast: Toast;
  movedToast: Toast;
  cancelledToast: Toast;
  errors: Record<Refusal, string>;
}

/**
 * A student's post to a booking page (/portal/book, /portal/deep-dive): read with the page's
 * schema under its per-person limit, then `change` books, moves or cancels and names the page to
 * go back to. A change redirects there with its toast; a refusal answers above the form (409).
 */
export async function studentBookingPost<Schema extends z.ZodType, Refusal extends string>(
  context: AppContext,
  request: Request,
  student: PortalUser,
  page: { limit: string; schema: Schema; words: BookingPageWords<Refusal> },
  change: (form: z.output<Schema>) => Promise<{
    outcome: { kind: Change | Refusal };
    back: string;
  }>,
) {
  const submission = parseWithZod(await readFormData(request), { schema: page.schema });
  if (!(await limitFormPost(context, page.limit, student))) return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const { outcome, back } = await change(submission.value);
  const { words } = page;
  const kind = outcome.kind;
  if (isChange(kind)) {
    const toast = {
      booked: words.bookedToast,
      moved: words.movedToast,
      cancelled: words.cancelledToast,
    }[kind];
    return redirectWithToast(context, back, success(toast.title, toast.description));
  }
  return refuse(submission, { message: words.errors[kind], form: true, status: 409 });
}
