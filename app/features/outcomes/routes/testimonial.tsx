import { parseWithZod } from "@conform-to/zod/v4";
import { TestimonialAction, TestimonialForm } from "~/features/outcomes/testimonial-form";
import { portalMeta } from "~/features/portal/portal.words";
import { testimonialPage as t } from "~/features/outcomes/testimonials.words";
import { checkPhoto } from "~/features/outcomes/testimonial-photo";
import {
  PHOTO_MAX_MB,
  testimonialSchema,
  type TestimonialForm as Form,
} from "~/features/outcomes/testimonials";
import { formatWhen } from "~/lib/time-zone";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { log } from "~/lib/logger.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  ownTestimonial,
  removeTestimonialPhoto,
  submitTestimonial,
  type CheckedPhoto,
  TESTIMONIAL_PATH,
  withdrawConsent,
} from "~/features/outcomes/testimonials.server";
import { requireStudent } from "~/features/portal/student-access.server";
import { readStudentProfile } from "~/features/portal/student-profile.server";
import type { Route } from "./+types/testimonial";
import { PortalPageHeading } from "~/components/portal-shell";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/testimonial: the student's testimonial, once an offer of theirs is confirmed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "testimonial");
  const { db, clock, config } = context.services;
  const own = await ownTestimonial(db, student.personId);
  if (!own) return { testimonial: null };
  const zone = (await readStudentProfile(db, student.personId)).timeZone ?? config.siteTimeZone;
  const when = (instant: string | null) =>
    instant ? `${formatWhen(new Date(instant), zone, clock.now())} (${zone})` : null;
  return {
    testimonial: {
      status: own.status,
      quote: own.quote ?? "",
      consent: own.consent ?? ("" as const),
      rating: own.rating ? String(own.rating) : "",
      consentWords: own.consent_withdrawn_at ? null : own.consent_words,
      consentAt: when(own.consent_at),
      withdrawnAt: when(own.consent_withdrawn_at),
      photoAt: own.consent === "full" ? when(own.photo_at) : null,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "testimonial");
  const submission = parseWithZod(await readFormData(request), { schema: testimonialSchema });
  if (!(await limitFormPost(context, "portal-testimonial", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  let photo: CheckedPhoto | undefined;
  if (form.intent === "submit" && form.photo) {
    // A photo goes only with the full name; its bytes decide, never its name or type.
    if (form.consent !== "full")
      return refuse(submission, { field: "photo", message: t.errors.photoNeedsFull });
    const bytes = new Uint8Array(await form.photo.arrayBuffer());
    const check = checkPhoto(bytes);
    if (!check.ok) {
      log.warn("testimonial photo refused", { reason: check.reason });
      const message =
        check.reason === "too_large" ? t.errors.photoTooLarge(PHOTO_MAX_MB) : t.errors.notPhoto;
      return refuse(submission, { field: "photo", message });
    }
    // Stored and served as checked: without its metadata (where and by whom it was taken).
    photo = check;
  }
  const outcome = await change(context.services, student.personId, form, photo);
  if (outcome !== "done") {
    const message =
      outcome === "not_asked"
        ? t.errors.notAsked
        : form.intent === "remove_photo"
          ? t.errors.noPhoto
          : t.errors.nothingToWithdraw;
    return refuse(submission, { message, form: true, status: 409 });
  }
  const toast = {
    submit: t.sentToast,
    remove_photo: t.photoRemovedToast,
    withdraw: t.withdrawnToast,
  }[form.intent];
  return redirectWithToast(context, TESTIMONIAL_PATH, success(toast.title, toast.description));
}

function change(
  services: Route.ActionArgs["context"]["services"],
  personId: string,
  form: Form,
  photo: CheckedPhoto | undefined,
) {
  switch (form.intent) {
    case "submit":
      return submitTestimonial(services, personId, form, photo);
    case "remove_photo":
      return removeTestimonialPhoto(services, personId);
    case "withdraw":
      return withdrawConsent(services, personId);
  }
}

export default function Testimonial({ loaderData, actionData }: Route.ComponentProps) {
  const own = loaderData.testimonial;
  const error = actionData?.result?.error?.[""]?.[0];
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title} error={error} />
      {own ? (
        <>
          <p className="text-slate-700">{t.intro}</p>
          <p className="font-medium text-slate-900" data-testimonial-status={own.status}>
            {t.status[own.status]}
          </p>
          {own.consentWords && own.consentAt && (
            <p className="text-sm text-slate-700" data-consent-given="">
              {t.agreed(own.consentWords, own.consentAt)}
            </p>
          )}
          {own.withdrawnAt && (
            <p className="text-sm text-slate-700">{t.withdrawnNote(own.withdrawnAt)}</p>
          )}
          <TestimonialForm
            values={{
              quote: own.quote,
              consent: own.withdrawnAt ? "" : own.consent,
              rating: own.rating,
            }}
            photoAt={own.photoAt}
            lastResult={actionData?.result}
          />
          {own.photoAt && <TestimonialAction intent="remove_photo" />}
          {own.consentWords && <TestimonialAction intent="withdraw" />}
        </>
      ) : (
        <p className="text-slate-700">{t.notAsked}</p>
      )}
    </div>
  );
}
