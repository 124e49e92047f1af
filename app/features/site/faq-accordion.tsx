interface Item {
  question: string;
  answer: string;
}

/**
 * Single-open and collapsible, in plain HTML: `<details>` elements sharing a `name` form an
 * exclusive accordion (opening one closes the other) and each summary closes its own answer.
 */
export function FaqAccordion({ items, name }: { items: readonly Item[]; name: string }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} name={name} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden="true" className="text-xl text-brand-700">
              <span className="group-open:hidden">+</span>
              <span className="hidden group-open:inline">−</span>
            </span>
          </summary>
          <div className="px-5 pb-5 text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
