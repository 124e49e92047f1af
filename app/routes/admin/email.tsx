import { requireAdmin } from "~/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { SectionCard as Card } from "~/components/ui/card";
import { adminMeta } from "~/lib/meta";
import { emailById } from "~/mail/email-log.server";
import { consoleText } from "~/content/console";
import type { Route } from "./+types/email";
import { orNotFound } from "~/lib/or-not-found";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.emailsTitle);

/** One message as it was (or will be) sent: readable here even when no SMTP server is configured. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { email: orNotFound(await emailById(context.services.db, params.id)) };
}

export default function Email({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  return (
    <AdminPage title={email.subject}>
      <Card title={email.to_address}>
        <p className="text-sm text-slate-700">
          {email.kind} · {email.status} · {email.attempts} · {email.created_at}
          {email.sent_at ? ` · ${email.sent_at}` : ""}
        </p>
        {email.last_error && <p className="mt-2 text-sm text-red-700">{email.last_error}</p>}
        <h3 className="mt-4 text-sm font-semibold">{consoleText.emails.textVersion}</h3>
        <pre
          className="mt-2 whitespace-pre-wrap rounded-md bg-slate-50 p-4 text-sm"
          data-testid="email-text"
        >
          {email.text}
        </pre>
      </Card>
    </AdminPage>
  );
}
