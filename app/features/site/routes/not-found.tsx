import { pageMeta } from "~/lib/meta";
import { useEffect } from "react";
import { Link, data, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { notFound } from "~/content/site";
import type { Route } from "./+types/not-found";

// The not-found page itself: it draws the page that notFound() leads to, with its status.
/* eslint-disable no-restricted-syntax */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}
/* eslint-enable no-restricted-syntax */

export const meta: Route.MetaFunction = () => pageMeta(notFound.title);

export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    // The spec's own words: "The unknown path is logged to the console" (the browser's console;
    // the server's request log has the 404 too, tokens masked).
    // eslint-disable-next-line no-console
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-900">{notFound.code}</h1>
      <p className="mt-4 text-xl text-slate-700">{notFound.title}</p>
      <Link reloadDocument to="/" className={cn(linkVariants(), "mt-8")}>
        {notFound.home}
      </Link>
    </section>
  );
}
