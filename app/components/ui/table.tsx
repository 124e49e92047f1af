import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/** A scrollable frame and a header row; callers render the body rows. */
export function DataTable({
  columns,
  children,
  className,
}: {
  columns: readonly string[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn("mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white", className)}
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50">
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
