import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/** A white panel; `tone` picks its border, `padding` its inner space, `flat` drops the shadow. */
export const cardVariants = cva("rounded-xl border bg-white", {
  variants: {
    tone: {
      default: "border-slate-200",
      brand: "border-brand-100",
    },
    padding: {
      sm: "p-4",
      md: "p-5",
      lg: "p-6",
      xl: "p-8",
    },
    flat: {
      true: "",
      false: "shadow-sm",
    },
  },
  defaultVariants: { tone: "default", padding: "lg", flat: false },
});

export type CardVariants = VariantProps<typeof cardVariants>;

export const cardClass = cardVariants();

export function Card({
  className,
  tone,
  padding,
  flat,
  ...props
}: ComponentProps<"div"> & CardVariants) {
  return <div className={cn(cardVariants({ tone, padding, flat }), className)} {...props} />;
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
      className={cn(cardVariants({ padding: "md", flat: true }), className)}
      aria-label={title}
    >
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
