import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { OfferCountCard, TestimonialItem } from "~/features/outcomes/testimonial-list";
import { testimonialsConsole as t } from "~/features/outcomes/testimonials.words";
import { testimonialsConsoleSchema } from "~/features/outcomes/testimonials";
import { formatWhen } from "~/lib/time-zone";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import {
  approveTestimonial,
  editPublishedQuote,
  hideTestimonial,
  listTestimonials,
  moveTestimonial,
  offerCountSetting,
  setShowOfferCount,
  type OwnerChange,
} from "~/features/outcomes/testimonial-publishing.server";
import type { Route } from "./+types/testimonials";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/testimonials: the written testimonials (approve, fix, order, hide) and the headline. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock, config } = context.services;
  const now = clock.now();
  const zone = config.siteTimeZone;
  const when = (instant: string) => `${formatWhen(new Date(instant), zone, now)} (${zone})`;
  const [rows, setting] = await Promise.all([listTestimonials(db), offerCountSetting(db)]);
  return {
    rows: rows.map((row) => ({
      row,
      when: {
        consentAt: row.consentAt ? when(row.consentAt) : "",
        withdrawnAt: row.withdrawnAt ? when(row.withdrawnAt) : null,
      },
    })),
    setting,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, testimonialsConsoleSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const { services } = context;
  const done = (message: string) => redirectWithToast(context, samePage(request), success(message));
  if (form.intent === "settings") {
    await setShowOfferCount(services, admin.email, form.showOfferCount);
    return done(t.settingsSaved(form.showOfferCount));
  }
  const change: OwnerChange =
    form.intent === "approve"
      ? await approveTestimonial(services, admin.email, form.id)
      : form.intent === "hide"
        ? await hideTestimonial(services, admin.email, form.id)
        : form.intent === "edit"
          ? await editPublishedQuote(services, admin.email, form.id, form.publishedQuote)
          : await moveTestimonial(services, admin.email, form.id, form.direction);
  if (change.kind !== "done")
    return change.kind === "withdrawn"
      ? refuse(submission, { message: t.notWithdrawn, status: 409 })
      : refuse(submission, { message: t.notFound, status: 404 });
  switch (form.intent) {
    case "approve":
      return done(t.approved(change.name));
    case "hide":
      return done(t.hidden(change.name));
    case "edit":
      return done(t.edited);
    case "move":
      return done(t.moved);
  }
}

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { rows, setting } = loaderData;
  const approved = rows.filter(({ row }) => row.status === "approved").map(({ row }) => row.id);
  return (
    <AdminPage title={t.title}>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      <div className="mt-6">
        <OfferCountCard setting={setting} />
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.none}</p>
      ) : (
        <div className="mt-6 space-y-4" role="list" aria-label={t.listLabel}>
          {rows.map(({ row, when }) => (
            <div role="listitem" key={row.id}>
              <TestimonialItem
                row={row}
                when={when}
                first={approved[0] === row.id}
                last={approved.at(-1) === row.id}
              />
            </div>
          ))}
        </div>
      )}
    </AdminPage>
  );
}
