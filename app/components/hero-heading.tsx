import { cn } from "~/components/ui/cn";

/** The eyebrow and main heading at the top of a marketing page; `large` is the home page's. */
export function HeroHeading({
  eyebrow,
  title,
  large = false,
}: {
  eyebrow: string;
  title: string;
  large?: boolean;
}) {
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
      <h1
        className={cn(
          "mt-3 font-extrabold tracking-tight text-brand-900",
          large ? "text-4xl md:text-5xl" : "text-3xl md:text-4xl",
        )}
      >
        {title}
      </h1>
    </>
  );
}
