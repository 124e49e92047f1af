import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** Links that narrow a console list to one state; the chosen one is marked as the current page. */
export function FilterTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: readonly { key: string; to: string; label: string; current: boolean }[];
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.current ? "page" : undefined}
          className={buttonVariants({ variant: tab.current ? "primary" : "secondary", size: "sm" })}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
