import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export const cardClass = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(cardClass, className)} {...props} />;
}

/** A card with a heading, labelled by it, for the sections of a page. */
export function SectionCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn("rounded-xl border border-slate-200 bg-white p-5", className)}
      aria-label={title}
    >
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
