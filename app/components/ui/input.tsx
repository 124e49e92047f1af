import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** The look of every text control: inputs, text areas and selects share it. */
const controlVariants = cva(
  "mt-1 block w-full rounded-md border border-slate-300 bg-white text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20",
  {
    variants: {
      /** `compact` is the console's filter and action forms. */
      density: {
        comfortable: "px-3 py-2 text-base",
        compact: "px-2 py-1.5 text-sm",
      },
    },
    defaultVariants: { density: "comfortable" },
  },
);

type ControlVariants = VariantProps<typeof controlVariants>;

/** The props of a text control: its element's own and the shared look's variants. */
type ControlProps<Element extends "input" | "textarea" | "select"> = ComponentProps<Element> &
  ControlVariants;

export function Input({ className, density, ...props }: ControlProps<"input">) {
  return <input className={cn(controlVariants({ density }), className)} {...props} />;
}

/** A file picker whose button matches the brand. */
export function FileInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <Input
      type="file"
      className={cn(
        "file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-700",
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, density, ...props }: ControlProps<"textarea">) {
  return <textarea className={cn(controlVariants({ density }), className)} {...props} />;
}

export function Select({ className, density, ...props }: ControlProps<"select">) {
  return <select className={cn(controlVariants({ density }), className)} {...props} />;
}

export const checkClass = "h-4 w-4 accent-brand-700";

export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return <input type="checkbox" className={cn(checkClass, className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("block text-sm font-medium text-slate-800", className)} {...props} />;
}

/** The help text under a label; give it an id and point the control's aria-describedby at it. */
export function Hint({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}

/** A field's error, with room kept for one line so the form does not jump when it appears. */
export function ErrorText({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("mt-1 min-h-5 text-sm text-red-700", className)} {...props} />;
}
