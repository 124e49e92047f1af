import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

const frameVariants = cva("overflow-x-auto", {
  variants: {
    /** `card` stands alone on a page; `none` sits inside a card that already frames it. */
    frame: {
      card: "mt-6 rounded-xl border border-slate-200 bg-white",
      none: "",
    },
  },
  defaultVariants: { frame: "card" },
});

/** A scrollable frame and a header row; callers render the body rows. */
export function DataTable({
  columns,
  children,
  className,
  frame,
}: {
  columns: readonly string[];
  children: ReactNode;
  className?: string;
} & VariantProps<typeof frameVariants>) {
  return (
    <div className={cn(frameVariants({ frame }), className)}>
      <table className="w-full text-left text-sm">
        <thead className={frame === "none" ? undefined : "bg-slate-50"}>
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
