import { Card } from "~/components/ui/card";
import type { Receipt } from "./receipt";
import { receiptText as t } from "./receipts.words";

/**
 * A receipt as the page shows it (the student's and the owner's alike): the seller, then each
 * line, label beside value, the same lines as its PDF.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  return (
    <Card data-receipt={receipt.number}>
      <section aria-label={t.sellerLabel} data-seller="">
        <p className="text-lg font-bold text-slate-900">{receipt.seller.name}</p>
        <p className="mt-1 text-sm text-slate-700">
          {[...receipt.seller.address, receipt.seller.email].map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </p>
      </section>
      <h2 className="mt-6 text-2xl font-bold text-brand-900">{t.title}</h2>
      <dl className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
        {receipt.rows.map((row) => (
          <div
            key={row.key}
            className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4"
            data-row={row.key}
          >
            <dt className="font-semibold text-slate-700">{row.label}</dt>
            <dd className="text-slate-900">
              {row.lines.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      {receipt.testPayment && <p className="mt-4 text-sm text-slate-700 italic">{t.testNote}</p>}
    </Card>
  );
}
