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
        /** The call to action on the dark brand band. */
        accent: "bg-gold-400 text-brand-900 shadow hover:bg-white",
        ghost: "text-slate-800 hover:bg-slate-100",
        link: "text-brand-700 underline underline-offset-4 hover:text-brand-900",
      },
      size: {
        xl: "px-6 py-3 text-lg",
        lg: "px-6 py-3 text-base",
        /** A small label with a full 44px touch target. */
        touch: "min-h-11 px-5 py-2.5 text-sm",
        md: "px-4 py-2 text-sm",
        sm: "px-3 py-1.5 text-sm",
        xs: "px-2 py-1 text-xs",
        icon: "p-2",
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
