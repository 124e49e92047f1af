import { parseWithZod } from "@conform-to/zod/v4";
import { SectionCard } from "~/components/ui/card";
import { portalMeta } from "~/features/portal/portal.words";
import { requireStudent } from "~/features/portal/student-access.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/or-not-found";
import { dateInZone } from "~/lib/time-zone";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { studentZone } from "../job-search.server";
import { MAX_CONVERSATIONS, networkingSchema } from "../networking";
import { AddConversationForm, ConversationList } from "../networking-forms";
import {
  addConversation,
  deleteConversation,
  listConversations,
  weekProgress,
} from "../networking.server";
import { networkingText as t } from "../networking.words";
import { ThisWeekCard } from "../this-week-card";
import type { Route } from "./+types/networking";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const NETWORKING_PATH = "/portal/networking";

/**
 * /portal/networking: the student's week against their targets, their networking conversations
 * (newest first) and a form to log one; the add form's date starts at today in their zone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "networking");
  const { services } = context;
  const now = services.clock.now();
  const reader = await studentZone(
    services,
    student.personId,
    readBrowserZone(request, context.secure),
  );
  const [conversations, week] = await Promise.all([
    listConversations(services.db, student.personId),
    weekProgress(services.db, student.personId, now, services.config.siteTimeZone),
  ]);
  return { conversations, week, today: dateInZone(now, reader.zone) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "networking");
  const submission = parseWithZod(await readFormData(request), { schema: networkingSchema });
  if (!(await limitFormPost(context, "portal-networking", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const { services } = context;
  if (form.intent === "delete") {
    if (!(await deleteConversation(services.db, student.personId, form.id))) notFound();
    return redirectWithToast(
      context,
      NETWORKING_PATH,
      success(t.deleted.title, t.deleted.description),
    );
  }
  if ((await addConversation(services, student.personId, form)) === "too_many")
    return refuse(submission, {
      message: t.errors.tooMany(MAX_CONVERSATIONS),
      form: true,
      status: 409,
    });
  return redirectWithToast(context, NETWORKING_PATH, success(t.added.title, t.added.description));
}

export default function Networking({ loaderData, actionData }: Route.ComponentProps) {
  const { conversations, week, today } = loaderData;
  const result = actionData?.result ?? null;
  const intent = (result?.initialValue as { intent?: unknown } | undefined)?.intent;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-2 text-slate-700">{t.intro}</p>
        <p className="mt-2 text-sm text-slate-700">
          {t.count(conversations.length, MAX_CONVERSATIONS)}
        </p>
      </div>
      <ThisWeekCard week={week} />
      <SectionCard title={t.addHeading}>
        {/* Keyed on the newest entry so the form empties after one is logged. */}
        <AddConversationForm
          key={conversations[0]?.id}
          today={today}
          lastResult={intent === "add" ? result : null}
        />
      </SectionCard>
      <ConversationList conversations={conversations} />
    </div>
  );
}
