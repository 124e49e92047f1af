import { cva } from "class-variance-authority";

/** The look of a text link (a link styled as a button takes `buttonVariants` instead). */
export const linkVariants = cva("underline-offset-4", {
  variants: {
    tone: {
      brand: "text-brand-700 underline hover:text-brand-900",
      /** On the dark brand background of the footer. */
      inverse: "text-slate-300 hover:text-white hover:underline",
    },
    weight: {
      normal: "",
      medium: "font-medium",
      semibold: "font-semibold",
    },
    size: {
      inherit: "",
      sm: "text-sm",
    },
  },
  defaultVariants: { tone: "brand", weight: "semibold", size: "inherit" },
});
