import { describe, expect, it } from "vitest";
import { ownerCookie, settle } from "../../../tests/support/admin";
import { seatScenario } from "../../../tests/support/cohort";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { inflatePdf, pdfText } from "../../../tests/support/documents";
import { paidStudent } from "../../../tests/support/portal";
import { erasePerson, exportPerson } from "~/features/people/privacy.server";
import * as business from "./routes/business";
import * as adminReceipt from "./routes/admin-receipt";
import * as adminPdf from "./routes/admin-receipt-pdf";
import * as list from "./routes/portal-receipts";
import * as page from "./routes/portal-receipt";
import * as pdf from "./routes/portal-receipt-pdf";
import { receiptNumber } from "./receipt";

// Receipts through the real routes (issue 49, item 4): a student's own only, the details they
// add, the owner's business details on the page and in the PDF, export and erasure.
describe.each(testEngines())("receipts on $name", (engine) => {
  const s = seatScenario(engine);

  const paymentOf = async (personId: string) =>
    s
      .db()
      .selectFrom("payments")
      .select(["id", "created_at"])
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();

  /** A GET of a route module's loader with a cookie, its answer unwrapped (404s included). */
  async function get(run: unknown, path: string, cookie: string, params = {}) {
    const request = new Request(`http://localhost:3000${path}`, { headers: { cookie } });
    const answer = await settle(
      callAction(run as never, request, makeContext(s.services()), params),
    ).catch((error: unknown) => error);
    return unwrap(answer);
  }

  const post = async (run: unknown, path: string, cookie: string, fields = {}, params = {}) =>
    unwrap(
      await settle(
        callAction(
          run as never,
          formRequest(path, fields, { cookie }),
          makeContext(s.services()),
          params,
        ),
      ).catch((error: unknown) => error),
    );

  const billingRows = () => s.db().selectFrom("payment_billing").selectAll().execute();

  it("lists and shows a student only their own receipts; another's is not there (404)", async () => {
    const ada = await paidStudent(s, "ada@example.com");
    const bob = await paidStudent(s, "bob@example.com");
    const adaPayment = await paymentOf(ada.id);
    const number = receiptNumber(adaPayment.id, adaPayment.created_at);

    const adaList = await get(list.loader, "/portal/receipts", ada.cookie);
    const shown = adaList.body as { receipts: { id: string; text: string }[]; zoneFrom: string };
    expect(shown.receipts.map((r) => r.id)).toEqual([adaPayment.id]);
    expect(shown.receipts[0]!.text).toContain(number);
    expect(shown.receipts[0]!.text).toContain("$649.00");
    // No zone saved and no browser cookie: the site's zone, named as such.
    expect(shown.zoneFrom).toBe("site");
    const bobList = await get(list.loader, "/portal/receipts", bob.cookie);
    expect(JSON.stringify(bobList.body)).not.toContain(adaPayment.id);

    const params = { id: adaPayment.id };
    const own = await get(page.loader, `/portal/receipts/${adaPayment.id}`, ada.cookie, params);
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).toContain("ada@example.com");
    expect(JSON.stringify(own.body)).toContain(number);
    const theirs = await get(page.loader, `/portal/receipts/${adaPayment.id}`, bob.cookie, params);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body ?? null)).not.toContain("ada@example.com");
    const theirPdf = await get(
      pdf.loader,
      `/portal/receipts/${adaPayment.id}.pdf`,
      bob.cookie,
      params,
    );
    expect(theirPdf.status).toBe(404);

    // Nor can they write on it.
    const posted = await post(
      page.action,
      `/portal/receipts/${adaPayment.id}`,
      bob.cookie,
      { payerName: "Bob", organization: "Bob Corp", address: "" },
      params,
    );
    expect(posted.status).toBe(404);
    expect(await billingRows()).toEqual([]);
  });

  it("saves valid billing details, refuses bad ones whole, and prints them", async () => {
    const ada = await paidStudent(s, "ada@example.com");
    const { id } = await paymentOf(ada.id);
    const path = `/portal/receipts/${id}`;

    const refused = await post(
      page.action,
      path,
      ada.cookie,
      { payerName: "Grace", organization: "x".repeat(151), address: "a\nb\nc\nd\ne\nf\ng" },
      { id },
    );
    expect(refused.status).toBe(400);
    const errors = (refused.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.organization).toEqual(["Please keep this under 150 characters"]);
    expect(errors.address).toEqual(["Please keep the address to 6 lines"]);
    expect(await billingRows()).toEqual([]);

    const saved = await post(
      page.action,
      path,
      ada.cookie,
      {
        payerName: " Grace  Lovelace ",
        organization: "Acme Capital",
        address: "1 Main St\r\nSpringfield, IL 62701",
      },
      { id },
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(path);
    expect((await flashToastOf(saved, s.services()))?.title).toBe("Receipt details saved");
    expect(await billingRows()).toMatchObject([
      {
        payment_id: id,
        payer_name: "Grace Lovelace",
        organization: "Acme Capital",
        address: "1 Main St\nSpringfield, IL 62701",
      },
    ]);
    const shown = await get(page.loader, path, ada.cookie, { id });
    const rows = (shown.body as { receipt: { rows: { key: string; lines: string[] }[] } }).receipt
      .rows;
    expect(rows.find((row) => row.key === "paidBy")?.lines).toEqual(["Grace Lovelace"]);
    expect(rows.find((row) => row.key === "organization")?.lines).toEqual(["Acme Capital"]);
    expect(rows.find((row) => row.key === "address")?.lines).toEqual([
      "1 Main St",
      "Springfield, IL 62701",
    ]);

    // Emptied again: the receipt names the student, and leaves the rest off.
    await post(
      page.action,
      path,
      ada.cookie,
      { payerName: "", organization: "", address: "" },
      { id },
    );
    expect(await billingRows()).toMatchObject([
      { payer_name: null, organization: null, address: null },
    ]);
  });

  it("serves the PDF with the business's legal name once the owner sets it", async () => {
    const ada = await paidStudent(s, "ada@example.com");
    const { id } = await paymentOf(ada.id);
    const owner = await ownerCookie({ services: s.services(), config: s.services().config });
    const pdfText_ = async (run: unknown, path: string, cookie: string) => {
      const response = (await callAction(
        run as never,
        new Request(`http://localhost:3000${path}`, { headers: { cookie } }),
        makeContext(s.services()),
        { id },
      )) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="receipt-R-/,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      return pdfText(inflatePdf(bytes)).replace(/\s+/g, " ");
    };

    // Before: the site's name, and no address is made up.
    const before = await pdfText_(pdf.loader, `/portal/receipts/${id}.pdf`, ada.cookie);
    expect(before).toContain("From Scratch to Success");
    expect(before).toContain("$649.00 (US dollars)");

    const refused = await post(business.action, "/admin/business", owner, {
      legalName: "",
      address: "1 Main St",
    });
    expect(refused.status).toBe(400);
    expect(await s.db().selectFrom("business_details").selectAll().execute()).toEqual([]);
    const saved = await post(business.action, "/admin/business", owner, {
      legalName: "Scratch Ventures LLC",
      address: "9 Market St\nSpringfield, IL 62701",
    });
    expect(saved.status).toBe(303);
    const audit = await s
      .db()
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "business.details")
      .execute();
    expect(audit).toHaveLength(1);

    for (const [run, path, cookie] of [
      [pdf.loader, `/portal/receipts/${id}.pdf`, ada.cookie],
      [adminPdf.loader, `/admin/payments/${id}/receipt.pdf`, owner],
    ] as const) {
      const text = await pdfText_(run, path, cookie);
      expect(text).toContain("Scratch Ventures LLC");
      expect(text).toContain("Springfield, IL 62701");
      expect(text).toContain("ada@example.com");
    }
    // The owner's copy of the page says the same, in the site's zone, named.
    const copy = await get(adminReceipt.loader, `/admin/payments/${id}/receipt`, owner, { id });
    const body = JSON.stringify(copy.body);
    expect(body).toContain("Scratch Ventures LLC");
    expect(body).toContain("(America/New_York)");
  });

  it("puts the billing details in the person's export and erases them with the person", async () => {
    const ada = await paidStudent(s, "ada@example.com");
    const { id } = await paymentOf(ada.id);
    await post(
      page.action,
      `/portal/receipts/${id}`,
      ada.cookie,
      { payerName: "Grace Lovelace", organization: "Acme Capital", address: "1 Main St" },
      { id },
    );
    const now = s.clock.now();
    const exported = await exportPerson(s.db(), ada.id, "boss@example.com", now);
    expect(exported?.portal.receiptDetails).toMatchObject([
      { payment_id: id, payer_name: "Grace Lovelace", organization: "Acme Capital" },
    ]);
    expect(await erasePerson(s.db(), ada.id, "boss@example.com", now)).toBe(true);
    expect(await billingRows()).toEqual([]);
    // The payment stays for the counts; its receipt names nobody.
    const owner = await ownerCookie({ services: s.services(), config: s.services().config });
    const copy = await get(adminReceipt.loader, `/admin/payments/${id}/receipt`, owner, { id });
    expect(JSON.stringify(copy.body)).not.toMatch(/Grace|ada@example\.com/);
  });

  it("prints a code's discount and the tax as stored on the payment", async () => {
    const ada = await paidStudent(s, "ada@example.com");
    const { id } = await paymentOf(ada.id);
    await s
      .db()
      .updateTable("payments")
      .set({
        amount_cents: 54_900,
        discount_cents: 10_000,
        promo_code: "SPRING-7K3MQ",
        tax_cents: 0,
      })
      .where("id", "=", id)
      .execute();
    const shown = await get(page.loader, `/portal/receipts/${id}`, ada.cookie, { id });
    const rows = (shown.body as { receipt: { rows: { key: string; lines: string[] }[] } }).receipt
      .rows;
    const line = (key: string) => rows.find((row) => row.key === key)?.lines.join(" ");
    expect(line("discount")).toBe("$100.00 off with the code SPRING-7K3MQ");
    expect(line("amount")).toBe("$549.00 (US dollars)");
    expect(line("tax")).toBe("$0.00, calculated by Stripe Tax");
  });

  it("links the confirmation email to the receipts", async () => {
    await paidStudent(s, "ada@example.com");
    const email = await s
      .db()
      .selectFrom("outbox")
      .select("text")
      .where("kind", "=", "enrollment_confirmation")
      .executeTakeFirstOrThrow();
    expect(email.text).toContain(`${s.services().config.publicUrl}/portal/receipts`);
  });
});
