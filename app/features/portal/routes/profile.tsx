import { parseWithZod } from "@conform-to/zod/v4";
import { ProfileForm } from "~/features/portal/profile-form";
import { portalMeta } from "~/features/portal/portal.words";
import { profilePage as t } from "~/features/portal/portal-student.words";
import { profileMissing } from "~/features/portal/onboarding";
import { studentProfileSchema } from "~/features/portal/student-profile";
import { timeZoneOptions } from "~/lib/zone-names";
import { formatWhen } from "~/lib/time-zone";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requireStudent } from "~/features/portal/student-access.server";
import { readStudentProfile, saveStudentProfile } from "~/features/portal/student-profile.server";
import { docxRefusal } from "~/features/uploads/docx-check.server";
import type { Route } from "./+types/profile";
import { PortalPageHeading } from "~/components/portal-shell";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const PROFILE_PATH = "/portal/profile";

/** /portal/profile: what the student tells their mentor (time zone, targets, LinkedIn, resume). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "profile");
  const { db, clock, config } = context.services;
  const profile = await readStudentProfile(db, student.personId);
  const now = clock.now();
  const zone = profile.timeZone ?? config.siteTimeZone;
  const missing = profileMissing({
    timeZone: profile.timeZone,
    targetRoles: profile.targetRoles,
    linkedinUrl: profile.linkedinUrl,
    resumeUploadId: profile.resume?.id ?? null,
  });
  return {
    values: {
      timeZone: zone,
      targetRoles: profile.targetRoles,
      targetFirms: profile.targetFirms,
      linkedinUrl: profile.linkedinUrl ?? "",
      graduationYear: profile.graduationYear,
      notJobSeeking: !profile.jobSeeking,
      noReminders: !profile.programmeReminders,
    },
    zones: timeZoneOptions([profile.timeZone, config.siteTimeZone]),
    guessZone: profile.timeZone === null,
    resumeStored: profile.resume
      ? formatWhen(new Date(profile.resume.uploadedAt), zone, now)
      : null,
    missing,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "profile");
  const year = context.services.clock.now().getUTCFullYear();
  const submission = parseWithZod(await readFormData(request), {
    schema: studentProfileSchema(year),
  });
  if (!(await limitFormPost(context, "portal-profile", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  let resume: Uint8Array | undefined;
  if (submission.value.resume) {
    resume = new Uint8Array(await submission.value.resume.arrayBuffer());
    // The same content checks as the resume review's (decision 0020).
    const message = await docxRefusal(resume, "portal resume refused");
    if (message) return refuse(submission, { field: "resume", message });
  }
  const { missing } = await saveStudentProfile(context.services, student, submission.value, resume);
  const description = missing.length
    ? t.missing(missing.map((item) => t.missingNames[item]).join(", "))
    : t.complete;
  return redirectWithToast(context, PROFILE_PATH, success(t.savedToast.title, description));
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { missing } = loaderData;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title}>
        <p className="mt-2 text-slate-700">{t.intro}</p>
        <p className="mt-3 font-medium text-slate-900" data-profile-status="">
          {missing.length
            ? t.missing(missing.map((item) => t.missingNames[item]).join(", "))
            : t.complete}
        </p>
      </PortalPageHeading>
      <ProfileForm
        values={loaderData.values}
        zones={loaderData.zones}
        guessZone={loaderData.guessZone}
        resumeStored={loaderData.resumeStored}
        lastResult={actionData?.result}
      />
    </div>
  );
}
