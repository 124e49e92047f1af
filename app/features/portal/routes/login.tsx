import { data } from "react-router";
import { Form } from "react-router";
import { SignInForm } from "~/features/portal/sign-in-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { portalMeta, portalSignIn as t } from "~/features/portal/portal.words";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { signInLinkIsLive, signInWithLink } from "~/features/portal/sign-in-links.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => pageMeta(portalMeta.title, portalMeta.description);

/**
 * The emailed sign-in link. Opening it changes nothing (mail scanners open links): the page asks
 * for one press of a button, and the post uses the link up. A used or expired link says so and
 * offers a new one.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const live = await signInLinkIsLive(context.services, params.token);
  return data({ live }, { status: live ? 200 : 410 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = await signInWithLink(request, context, params.token);
  if (!signedIn) return data({ live: false }, { status: 410 });
  const to = signedIn.user.role === "mentor" ? "/portal/mentor" : "/portal";
  return redirectWithToast(
    context,
    to,
    success(t.signedInToast.title, t.signedInToast.description),
    { "Set-Cookie": signedIn.setCookie },
  );
}

export default function PortalLogin({ loaderData, actionData }: Route.ComponentProps) {
  const live = actionData?.live ?? loaderData.live;
  if (!live) return <SignInForm title={t.linkDeadTitle} intro={t.linkDead} />;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">{t.linkTitle}</h1>
      <Card className="mt-6">
        <p className="text-slate-700">{t.linkIntro}</p>
        <Form method="post" className="mt-6">
          <Button type="submit" size="touch" className="w-full">
            {t.linkButton}
          </Button>
        </Form>
      </Card>
    </section>
  );
}
