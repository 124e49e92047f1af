/**
 * The words of receipts (issue 49, item 4): a receipt as the page and the PDF print it, the
 * student's receipts in the portal, the owner's copy and the business details they set. US English.
 */

/** What a receipt says, line by line, on the page and in the PDF alike. */
export const receiptText = {
  title: "Receipt",
  labels: {
    number: "Receipt number",
    paidOn: "Date paid",
    paidBy: "Paid by",
    organization: "Company or university",
    address: "Billing address",
    email: "Email",
    item: "For",
    discount: "Discount",
    amount: "Amount paid",
    tax: "Tax included",
    method: "Payment method",
    refund: "Refund",
  },
  sellerLabel: "From",
  cohort: (start: string) => `Cohort starting the week of ${start}`,
  amount: (dollars: string) => `${dollars} (US dollars)`,
  discount: (dollars: string, code: string | null) =>
    code ? `${dollars} off with the code ${code}` : `${dollars} off`,
  tax: (dollars: string) => `${dollars}, calculated by Stripe Tax`,
  methods: {
    stripe: "Online payment through Stripe",
    test: "The site's test checkout: no card was charged",
    free: "Nothing to pay: a code covered the whole price",
  } as Record<string, string>,
  /** A provider no list knows yet (a later one): its code, as stored. */
  otherMethod: (provider: string) => `Online payment (${provider})`,
  refunded: (amount: string, on: string) => `${amount} refunded on ${on}`,
  refundPending: (amount: string) => `${amount} to be refunded`,
  /** A seat ended with nothing given back (a request to leave approved with no refund). */
  noRefund: (on: string) => `None: the seat ended on ${on} with no refund`,
  noRefundUndated: "None: the seat ended with no refund",
  testNote: "Test payment: this receipt comes from the site's test checkout.",
  pdfTitle: (number: string) => `Receipt ${number}`,
  pdfFileName: (number: string) => `receipt-${number}.pdf`,
} as const;

/** The student's receipts in the portal: the list, one receipt and the details they add. */
export const portalReceiptsText = {
  nav: "Receipts",
  title: "Your receipts",
  intro:
    "A receipt for each payment, to print or download as a PDF for a parent, an employer or a school.",
  empty: "No payments yet.",
  listLabel: "Your payments",
  item: (number: string, amount: string, on: string) => `${number}: ${amount}, paid ${on}`,
  refundTags: {
    pending: "Refund on its way",
    refunded: "Refunded",
    ended: "Seat ended, no refund",
  },
  pageTitle: (number: string) => `Receipt ${number}`,
  back: "All your receipts",
  download: "Download the PDF",
  print: "To print it, use your browser's print command or print the PDF.",
  formTitle: "Details on this receipt",
  formIntro:
    "Add who paid, a company or university and a billing address: they appear on this receipt and its PDF. Leave a field empty to leave it off.",
  fields: {
    payerName: "Name of the payer",
    payerNameHint: (name: string) => `If someone else paid, such as a parent. Empty: ${name}.`,
    organization: "Company or university (optional)",
    address: "Billing address (optional)",
    addressHint: (lines: number) => `Up to ${lines} lines, as it should be printed.`,
  },
  save: "Save receipt details",
  saved: {
    title: "Receipt details saved",
    description: "They are on this receipt and its PDF.",
  },
} as const;

/** The owner's copy of a receipt (from the person page). */
export const adminReceiptText = {
  title: (number: string) => `Receipt ${number}`,
  back: (name: string) => `Back to ${name}`,
  download: "Download the PDF",
  businessNote: "The name and address at the top are the business details:",
  businessLink: "edit the business details",
} as const;

/** /admin/business: the legal name and address every receipt prints. */
export const businessText = {
  nav: "Business details",
  title: "Business details",
  intro:
    "Every receipt prints your business's legal name and postal address, so a parent, an employer or a school can file it.",
  notSet: (siteName: string) =>
    `Not set yet: receipts show the site's name (${siteName}) and no address.`,
  current: "What receipts show now",
  legalName: "Legal name",
  legalNameHint: "The name the business is registered under, such as From Scratch to Success LLC.",
  address: "Postal address",
  addressHint: (lines: number) => `Up to ${lines} lines, as it should be printed.`,
  save: "Save business details",
  saved: "Business details saved",
} as const;

/** Why a receipt's form was refused. */
export const receiptErrors = {
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  tooManyLines: (max: number) => `Please keep the address to ${max} lines`,
  legalName: "Please enter the business's legal name",
  address: "Please enter the business's postal address",
} as const;
