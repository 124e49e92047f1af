import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * The heading of what replaces a form once it is sent: it takes focus when it appears, so screen
 * readers announce it and the page brings it into view.
 */
export function FocusHeading({
  level,
  className,
  children,
}: {
  level: 1 | 2;
  className?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <Heading
      ref={heading}
      tabIndex={-1}
      className={cn("font-bold text-brand-900 focus:outline-none", className)}
    >
      {children}
    </Heading>
  );
}
