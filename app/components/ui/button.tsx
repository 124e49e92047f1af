import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70",
  {
    variants: {
      variant: {
        primary: "bg-brand-700 text-white shadow hover:bg-brand-900",
        outline: "border border-brand-700 bg-white text-brand-700 hover:bg-brand-50",
        secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
        danger: "bg-red-700 text-white hover:bg-red-800",
        link: "text-brand-700 underline underline-offset-4 hover:text-brand-900",
      },
      size: {
        lg: "px-6 py-3 text-base",
        md: "px-4 py-2 text-sm",
        sm: "px-3 py-1.5 text-sm",
        none: "",
      },
    },
    defaultVariants: { variant: "primary", size: "lg" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  className,
  variant,
  size,
  type = "button",
  ...props
}: ComponentProps<"button"> & ButtonVariants) {
  return (
    <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
