import type { ReactNode } from "react";
import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";

/** A step of the visitor's journey: a way back, the page's heading and its content. */
export function BackPage({
  to,
  back,
  title,
  children,
}: {
  to: string;
  back: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <Link reloadDocument to={to} className={linkVariants({ weight: "medium", size: "sm" })}>
        ← {back}
      </Link>
      <h1 className="mt-6 text-3xl font-bold text-brand-900">{title}</h1>
      {children}
    </section>
  );
}
