import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { KeyValues } from "~/features/people/person-profile";
import { When } from "~/components/admin/when";
import { SectionCard as Card } from "~/components/ui/card";
import { adminMeta } from "~/lib/meta";
import { emailById } from "~/mail/email-log.server";
import { consoleText } from "~/content/console";
import { emailKindWords, outboxStateWord } from "~/content/console-words";
import type { Route } from "./+types/email";
import { orNotFound } from "~/lib/or-not-found";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.emailsTitle);

/** One message as it was (or will be) sent: readable here even when no SMTP server is configured. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock, config } = context.services;
  return {
    email: orNotFound(await emailById(db, params.id)),
    clock: { zone: config.siteTimeZone, now: clock.now().toISOString() },
  };
}

const t = consoleText.emails;

export default function Email({ loaderData }: Route.ComponentProps) {
  const { email, clock } = loaderData;
  return (
    <AdminPage title={email.subject}>
      <Card title={t.message}>
        <KeyValues
          values={[
            [t.fields.to, email.to_address],
            [t.fields.kind, emailKindWords(email.kind)],
            [t.fields.state, outboxStateWord(email.status)],
            [t.fields.attempts, String(email.attempts)],
            [t.fields.queued, <When key="queued" at={email.created_at} clock={clock} />],
            [
              t.fields.sent,
              email.sent_at ? <When key="sent" at={email.sent_at} clock={clock} /> : t.notSent,
            ],
          ]}
        />
        {email.last_error && (
          <p className="mt-2 text-sm text-red-700 wrap-anywhere">{email.last_error}</p>
        )}
        <h3 className="mt-4 text-sm font-semibold">{t.textVersion}</h3>
        <pre
          className="mt-2 rounded-md bg-slate-50 p-4 text-sm whitespace-pre-wrap wrap-anywhere"
          data-testid="email-text"
        >
          {email.text}
        </pre>
      </Card>
    </AdminPage>
  );
}
