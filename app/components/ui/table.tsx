import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { tableText } from "~/content/tables";
import { cn } from "./cn";

const frameVariants = cva("min-w-0", {
  variants: {
    /** `card` stands alone on a page; `none` sits inside a card that already frames it. */
    frame: {
      card: "mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white",
      none: "",
    },
  },
  defaultVariants: { frame: "card" },
});

/** Where the browser cannot tell a table overflows: from this many columns it is taken to. */
const WIDE = 4;

/**
 * A table in a frame that scrolls sideways when it is wider than the page, with a header row;
 * callers render the body rows. `label` names the table (its caption, for screen readers) and
 * the scrolling frame (a focusable group, so a keyboard scrolls it too; not a landmark, as a page
 * has many tables). A table wider than its frame says that it scrolls, and a shadow marks the
 * side where columns are hidden; put the columns the owner looks for first.
 */
export function DataTable({
  columns,
  label,
  children,
  className,
  frame,
}: {
  columns: readonly string[];
  label: string;
  children: ReactNode;
  className?: string;
} & VariantProps<typeof frameVariants>) {
  return (
    <div className={cn(frameVariants({ frame }), className)}>
      <div
        role="group"
        aria-label={label}
        tabIndex={0}
        className="table-scroller scroll-shadow-x relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {/* Kept in view while the table scrolls under it; app.css decides when it shows. */}
        <p
          aria-hidden="true"
          data-wide={columns.length >= WIDE ? "" : undefined}
          className="table-scroll-hint sticky left-0 px-3 pt-2 text-xs text-slate-600"
        >
          {tableText.scrollHint}
        </p>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className={frame === "none" ? undefined : "bg-slate-50/80"}>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

export function Row({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-t border-slate-100", className)} {...props} />;
}

export function Cell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-top", className)} {...props} />;
}

/** The first cell of a row when it names the row. */
export function RowHeader({ className, ...props }: ComponentProps<"th">) {
  return <th scope="row" className={cn("px-3 py-2 text-left font-medium", className)} {...props} />;
}

/** A body row whose first cell names it; the other cells follow in column order. */
export function HeadedRow({
  header,
  cells,
  ...props
}: ComponentProps<"tr"> & { header: ReactNode; cells: readonly ReactNode[] }) {
  return (
    <Row {...props}>
      <RowHeader>{header}</RowHeader>
      {cells.map((cell, column) => (
        // Cells are positional: a column's index is its identity.
        <Cell key={column}>{cell}</Cell>
      ))}
    </Row>
  );
}
