import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/features/portal/portal.words";
import { prework as t } from "~/features/portal/prework.words";
import { preworkSchema } from "~/features/portal/student-profile";
import { formatWhen } from "~/lib/time-zone";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requireStudent } from "~/features/portal/student-access.server";
import { markPreworkRead, readStudentProfile } from "~/features/portal/student-profile.server";
import type { Route } from "./+types/prework";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/prework: the week 1 pre-work, and the button that checks it off the list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "prework");
  const { db, clock, config } = context.services;
  const profile = await readStudentProfile(db, student.personId);
  const zone = profile.timeZone ?? config.siteTimeZone;
  return {
    readOn: profile.preworkReadAt
      ? formatWhen(new Date(profile.preworkReadAt), zone, clock.now())
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "prework");
  const submission = parseWithZod(await readFormData(request), { schema: preworkSchema });
  if (!(await limitFormPost(context, "portal-prework", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  await markPreworkRead(context.services, student.personId);
  return redirectWithToast(
    context,
    "/portal",
    success(t.markedToast.title, t.markedToast.description),
  );
}

export default function Prework({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({ lastResult: actionData?.result });
  return (
    <article className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-3 text-lg text-slate-800">{t.intro}</p>
      </header>
      {t.sections.map((section) => (
        <section key={section.title} className="space-y-3">
          <h2 className="text-xl font-semibold text-brand-900">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="text-slate-800">
              {paragraph}
            </p>
          ))}
          <ul className="list-disc space-y-2 pl-6 text-slate-800">
            {section.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
          {"after" in section && <p className="text-slate-800">{section.after}</p>}
        </section>
      ))}
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link reloadDocument to="/resources/application-tracker" className={linkVariants()}>
          {t.trackerLink}
        </Link>
        <Link to="/portal/profile" className={linkVariants()}>
          {t.profileLink}
        </Link>
      </p>
      <Card>
        <h2 className="text-xl font-semibold text-brand-900">{t.bringTitle}</h2>
        <p className="mt-2 text-slate-800">{t.bring}</p>
        {loaderData.readOn ? (
          <p className="mt-4 font-medium text-slate-900" data-prework-read="">
            {t.readOn(loaderData.readOn)}
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="mt-4">
            <Button type="submit" name="intent" value="mark_read" size="touch">
              {t.markRead}
            </Button>
          </Form>
        )}
      </Card>
    </article>
  );
}
