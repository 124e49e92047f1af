/**
 * The business's name and postal address as receipts print them (one row, id "business"; decision
 * 0069). Until the owner saves it there is no row and receipts show the site's name alone.
 */
export interface BusinessDetailsTable {
  id: string;
  legal_name: string;
  /** Lines separated by "\n". */
  address: string;
  updated_at: string;
}

/**
 * What the student adds to one payment's receipt so a parent, employer or school can file it;
 * every field optional (null: not given), bounded by the form (app/features/receipts/billing-form.ts).
 */
export interface PaymentBillingTable {
  payment_id: string;
  /** Who paid, when not the student (a parent); the student's own name when null. */
  payer_name: string | null;
  /** A company or university the receipt is made out to. */
  organization: string | null;
  /** Lines separated by "\n". */
  address: string | null;
  updated_at: string;
}
