import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { BroadcastForm } from "~/components/admin/broadcast-form";
import { BroadcastList } from "~/components/admin/broadcast-list";
import { cohortName } from "~/components/admin/cohort-list";
import { broadcastConsole as t } from "~/content/broadcasts";
import { audienceFromSearch, audienceSchema, broadcastSchema } from "~/domain/broadcast";
import { formatInZone } from "~/domain/time-zone";
import { audienceChoices, countAudience } from "~/marketing/audience.server";
import { listBroadcasts } from "~/marketing/broadcast-progress.server";
import { createBroadcast, sendTest } from "~/marketing/broadcasts.server";
import { adminMeta } from "~/lib/meta";
import { errorToast, success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { z } from "~/lib/zod";
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
  const broadcasts = (await listBroadcasts(services)).map((b) => ({
    ...b,
    sendAtDisplay: formatInZone(new Date(b.send_at), zone),
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
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  if (form.intent === "count") {
    const audience = audienceSchema.safeParse(form);
    if (!audience.success) {
      const message = audience.error.issues[0]?.message ?? t.title;
      return data(
        { errors: { audience: [message] }, values, toast: errorToast(message) },
        { status: 400 },
      );
    }
    const count = await countAudience(services.db, audience.data);
    return data({ errors: {}, values, count, toast: undefined });
  }
  const parsed = broadcastSchema(services.config.siteTimeZone, services.clock.now()).safeParse(
    form,
  );
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    const first = parsed.error.issues[0]?.message ?? t.title;
    return data({ errors, values, toast: errorToast(first) }, { status: 400 });
  }
  if (parsed.data.intent === "test") {
    await sendTest(services, parsed.data, admin.email);
    return data({ errors: {}, values, toast: success(t.testSent(admin.email)) });
  }
  const outcome = await createBroadcast(services, parsed.data, admin.email);
  const later = parsed.data.sendAtUtc.getTime() > services.clock.now().getTime();
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
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        choices={loaderData.choices}
        timeZone={loaderData.timeZone}
      />
      <BroadcastList broadcasts={loaderData.broadcasts} />
    </AdminPage>
  );
}
