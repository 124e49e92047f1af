import {
  data,
  isRouteErrorResponse,
  useLocation,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import stylesheet from "./app.css?url";
import { ConsoleHeader } from "./components/admin-shell";
import { PortalHeader, type PortalNavUser } from "./components/portal-shell";
import { SignedInFooter, SiteFooter } from "./components/site-footer";
import { cn } from "./components/ui/cn";
import { linkVariants } from "./components/ui/link";
import { SiteNav } from "./components/site-nav";
import { TestPaymentsBanner } from "./features/payments/test-payments-banner";
import { EnhanceScript } from "./components/enhance-script";
import { Toaster, useActionDataToast } from "./components/toaster";
import { errorPage, nav, site } from "./content/site";
import { useNonce } from "./lib/nonce";
import { pageHydrates } from "./lib/page-handle";
import { takeToast } from "./lib/toast.server";

/**
 * The flash toast of a redirect after a state change, shown once on the page it lands on, and
 * whether the test-payments banner shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, setCookie } = await takeToast(request, context);
  const { config } = context.services;
  const testPayments = config.testPaymentsBanner;
  // Which consent the forms ask for (MARKETING_CONSENT).
  const consentMode = config.marketingConsent;
  return data(
    { toast, testPayments, consentMode },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export const meta: Route.MetaFunction = () => [
  { title: site.name },
  { name: "description", content: site.description },
];

// The site's one stylesheet (hashed, cached for a year), and the one font file every page needs,
// fetched early so text does not reflow when it arrives.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const hydrate = pageHydrates(useMatches());
  const actionToast = useActionDataToast();
  const { header, signedIn } = useChrome();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f4d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          {nav.skipToContent}
        </a>
        <TestPaymentsBanner />
        {header}
        <main id="main" className="flex-1">
          {children}
        </main>
        {signedIn ? <SignedInFooter /> : <SiteFooter />}
        <Toaster
          toasts={[rootData?.toast, actionToast].filter((toast) => toast != null)}
          hydrated={hydrate}
        />
        <EnhanceScript nonce={nonce} staticPage={!hydrate} />
        {hydrate && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

/**
 * Which header and footer frame the page: a student or mentor signed in to the portal gets the
 * portal's, the owner in the console gets the console's, everyone else the public site's (the
 * layouts' loaders say who is signed in; an error page keeps the public frame).
 */
function useChrome(): { header: React.ReactNode; signedIn: boolean } {
  const portal = useRouteLoaderData<{ user: PortalNavUser | null }>("portal-layout");
  const admin = useRouteLoaderData<{ admin: { email: string } | null }>("admin-layout");
  if (portal?.user) return { header: <PortalHeader user={portal.user} />, signedIn: true };
  if (admin?.admin) return { header: <ConsoleHeader email={admin.admin.email} />, signedIn: true };
  return { header: <SiteNav />, signedIn: false };
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const back = errorPage.backFrom(useLocation().pathname);
  let code: string | undefined;
  let title: string = errorPage.title;
  let details: string = errorPage.body;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    // A refusal the server threw (404, 403...): its status and what it means, never the HTTP
    // reason phrase ("Internal Server Error" for a thrown response without one).
    code = String(error.status);
    ({ title, body: details } = errorPage.refusedPage(error.status));
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
    stack = error.stack;
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      {code && <p className="text-6xl font-bold text-brand-900">{code}</p>}
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{details}</p>
      {stack && <pre className="mt-6 overflow-x-auto text-left text-xs">{stack}</pre>}
      <a href={back.href} className={cn(linkVariants(), "mt-8 inline-block")}>
        {back.label}
      </a>
    </section>
  );
}
