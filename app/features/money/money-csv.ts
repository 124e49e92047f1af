import { paymentStatusWords } from "~/content/console-words";
import { paymentLine, type MoneyPayment } from "./money";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One payment's CSV line, in MONEY_CSV_HEADER's order (the date as stored, in UTC). */
export function moneyCsvRow(payment: MoneyPayment): string[] {
  const line = paymentLine(payment);
  return [
    payment.paidAt,
    payment.name,
    payment.email,
    payment.code ?? "",
    dollars(line.listCents),
    dollars(line.discountCents),
    dollars(line.chargedCents),
    dollars(line.refundedCents),
    dollars(line.keptCents),
    paymentStatusWords[payment.status],
  ];
}
