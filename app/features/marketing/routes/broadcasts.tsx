import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import {
  BroadcastForm,
  BroadcastPreview,
  type BroadcastPreviewData,
} from "~/features/marketing/broadcast-form";
import { BroadcastList } from "~/features/marketing/broadcast-list";
import { cohortName } from "~/features/cohort/cohort-list";
import { broadcastConsole as t } from "~/features/marketing/broadcasts.words";
import { audienceFromSearch, broadcastFormSchema } from "~/features/marketing/broadcast";
import { formatWhen } from "~/lib/time-zone";
import { audienceChoices, countAudience } from "~/features/marketing/audience.server";
import { listBroadcasts } from "~/features/marketing/broadcast-progress.server";
import {
  createBroadcast,
  previewBroadcast,
  sendTest,
} from "~/features/marketing/broadcasts.server";
import { adminMeta } from "~/lib/meta";
import { parseForm, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/broadcasts";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

const TEXT_FIELDS = ["subject", "body", "sendAt"];

/** The page, with the audience (and any draft) from the URL: the no-JavaScript count reloads it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { services } = context;
  const params = new URL(request.url).searchParams;
  const audience = audienceFromSearch(params);
  const count = await countAudience(services.db, audience);
  const choices = await audienceChoices(services.db);
  const zone = services.config.siteTimeZone;
  const now = services.clock.now();
  const broadcasts = (await listBroadcasts(services)).map((b) => ({
    ...b,
    sendAtDisplay: formatWhen(new Date(b.send_at), zone, now),
  }));
  const values: Record<string, string> = Object.fromEntries(
    [...params].filter(([key]) => TEXT_FIELDS.includes(key) || key in audience),
  );
  return {
    count,
    values,
    broadcasts,
    requestKey: randomUUID(),
    timeZone: zone,
    choices: {
      sources: choices.sources,
      cohorts: choices.cohorts.map((c) => ({ id: c.id, label: cohortName(c.start_date) })),
    },
  };
}

/**
 * Count the audience, send a test (to the signed-in owner, at once) or send / schedule the
 * broadcast. A count and a test answer 200 on the same page so the draft stays in the form (a
 * 20,000-character draft does not fit in a redirect's URL; a refreshed test is not sent twice);
 * sending is post/redirect/get.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { services } = context;
  const now = services.clock.now();
  const schema = broadcastFormSchema(services.config.siteTimeZone, now);
  const submission = await parseForm(request, schema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  if (form.intent === "count") {
    return data({ result: submission.reply(), count: await countAudience(services.db, form) });
  }
  if (form.intent === "test") {
    await sendTest(services, form, admin.email);
    return data({ result: submission.reply(), toast: success(t.testSent(admin.email)) });
  }
  if (form.confirm !== "yes") {
    // Nothing goes out from the first Send: the email as recipients will see it, and to how many.
    const count = await countAudience(services.db, form);
    const preview = { ...previewBroadcast(services, form), count };
    return data({ result: submission.reply(), count, preview });
  }
  const outcome = await createBroadcast(services, form, admin.email);
  const later = form.sendAtUtc.getTime() > now.getTime();
  const message = outcome === "duplicate" ? t.duplicate : later ? t.scheduled : t.queuedNow;
  return redirectWithToast(context, "/admin/broadcasts", success(message));
}

export default function Broadcasts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title={t.title}>
      <p className="mb-6 max-w-3xl text-slate-700">{t.intro}</p>
      <BroadcastForm
        requestKey={loaderData.requestKey}
        count={actionData && "count" in actionData ? actionData.count : loaderData.count}
        values={loaderData.values}
        choices={loaderData.choices}
        timeZone={loaderData.timeZone}
      />
      {actionData && "preview" in actionData ? (
        <BroadcastPreview
          preview={actionData.preview as BroadcastPreviewData}
          fields={actionData.result.initialValue ?? {}}
        />
      ) : null}
      <BroadcastList broadcasts={loaderData.broadcasts} />
    </AdminPage>
  );
}
