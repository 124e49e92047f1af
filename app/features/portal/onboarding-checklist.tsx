import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { checklistText as t } from "./portal-student.words";
import type { Checklist, ChecklistState } from "./onboarding";

const stateClass: Record<ChecklistState, string> = {
  done: "bg-green-100 text-green-800",
  todo: "bg-amber-100 text-amber-900",
  coming_soon: "bg-slate-100 text-slate-700",
};

const stateWord: Record<ChecklistState, string> = {
  done: t.done,
  todo: t.todo,
  coming_soon: t.comingSoon,
};

/** "1 of 2 done" with a bar, as the student's home (and the owner's pages) show a checklist. */
function ChecklistProgress({ checklist, id }: { checklist: Checklist; id: string }) {
  return (
    <div className="flex items-center gap-3">
      <progress
        id={id}
        aria-label={t.progressLabel}
        className="h-2 w-32 accent-brand-700"
        max={checklist.total}
        value={checklist.done}
      />
      <span className="text-sm text-slate-700" data-checklist-progress="">
        {t.progress(checklist.done, checklist.total)}
      </span>
    </div>
  );
}

/** The student's onboarding checklist: each item, its state, and where to do it. */
export function OnboardingChecklist({ checklist }: { checklist: Checklist }) {
  return (
    <section aria-labelledby="checklist-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checklist-title" className="text-xl font-semibold text-brand-900">
          {t.title}
        </h2>
        <ChecklistProgress checklist={checklist} id="checklist-progress" />
      </div>
      <ul className="space-y-3">
        {checklist.items.map((item) => {
          const words = t.items[item.key];
          return (
            <li
              key={item.key}
              data-checklist-item={item.key}
              data-state={item.state}
              className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-slate-200 p-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {words.href && item.state === "todo" ? (
                    <Link to={words.href} className={linkVariants()}>
                      {words.label}
                    </Link>
                  ) : (
                    words.label
                  )}
                </p>
                <p className="mt-1 text-sm text-slate-700">{words.hint}</p>
              </div>
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-sm font-medium",
                  stateClass[item.state],
                )}
              >
                {stateWord[item.state]}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
