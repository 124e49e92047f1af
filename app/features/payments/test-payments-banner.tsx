import { useRouteLoaderData } from "react-router";
import { testPaymentsBanner as words } from "./test-payments.words";
import type { loader as rootLoader } from "~/root";

/**
 * Says so on every page when a public site takes test payments on purpose (PAYMENT_PROVIDER=test
 * on an https PUBLIC_URL), so nobody mistakes the test checkout for a real one.
 */
export function TestPaymentsBanner() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root?.testPayments) return null;
  return (
    <aside
      aria-label={words.label}
      data-testid="test-payments-banner"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <strong className="font-semibold">{words.title}</strong> {words.body}
    </aside>
  );
}
