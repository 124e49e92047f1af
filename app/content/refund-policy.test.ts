import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderEmail } from "~/mail/message";
import { enrollmentEmails, enrollPage } from "~/features/enrollment/enroll.words";
import { faqs } from "~/features/site/home.words";
import {
  leaveEmails,
  leavePage,
  ruleWords,
  type RuleName,
} from "~/features/withdrawals/leave.words";
import { refundPolicy } from "./policies";

/**
 * One refund promise (issue 45, item 4): /enroll, the receipt, the FAQ, /terms, the leave page
 * and its emails all quote the sentences of `refundPolicy`, so none promises more or less.
 */
const { fullRefund, caseByCase, promise } = refundPolicy;
const source = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

describe("the one refund policy", () => {
  it("is three rules, said once, and the promise is a full refund everywhere", () => {
    expect(refundPolicy.summary).toBe(`${fullRefund} ${caseByCase} ${promise}`);
    expect(refundPolicy.rules.map((rule) => rule.text)).toEqual([fullRefund, caseByCase, promise]);
    expect(promise).toContain("you get a full refund");
    // The FAQ is on the home page, which names no price until an application (the spec).
    expect(refundPolicy.summary).not.toMatch(/\$/);
    expect(refundPolicy.summary).not.toMatch(/up to/);
  });

  it("is what /enroll, the FAQ and the receipt say", () => {
    expect(enrollPage.refundPromise).toBe(refundPolicy.summary);
    expect(source("features/enrollment/enroll-card.tsx")).toContain("{enrollPage.refundPromise}");
    const faq = faqs.find((item) => item.answer.includes(fullRefund));
    expect(faq?.answer).toBe(refundPolicy.summary);
    const receipt = renderEmail(
      enrollmentEmails.confirmation({
        firstName: "Sam",
        startDisplay: "January 11",
        programUrl: "https://example.com/#program",
        amount: "$649",
        paidOn: "November 28, 2026",
        termsUrl: "https://example.com/terms",
        receiptsUrl: "https://example.com/portal/receipts",
      }),
    );
    expect(receipt.text.replace(/\s+/g, " ")).toContain(refundPolicy.summary);
  });

  it("is what /terms lists, rule by rule", () => {
    const terms = source("features/site/routes/terms.tsx");
    expect(terms).toContain("refundPolicy.rules.map");
    expect(terms).toContain("{rule.text}");
  });

  it("is what the leave page and its emails quote", () => {
    expect(leavePage.today.full_refund("Sunday, January 24")).toBe(
      `${fullRefund} Week 2 ends Sunday, January 24.`,
    );
    expect(leavePage.today.owner_decides).toBe(caseByCase);
    expect(leavePage.promise).toBe(promise);
    const sentence: Record<RuleName, string> = {
      full_refund: fullRefund,
      owner_decides: caseByCase,
      promise_review: promise,
    };
    for (const rule of ["full_refund", "owner_decides", "promise_review"] as const) {
      const explain = ruleWords.explain(rule, "$649", "Sunday, January 24");
      expect(explain.startsWith(sentence[rule])).toBe(true);
      const email = renderEmail(
        leaveEmails.received({ firstName: "Sam", kind: "leave", rule, explain }),
      );
      expect(email.text.replace(/\s+/g, " ")).toContain(sentence[rule]);
    }
    expect(ruleWords.explain("promise_review", "$649", null)).not.toMatch(/up to/);
  });
});
