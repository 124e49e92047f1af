import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  effectiveConsentMode,
  firstStepAt,
  isOneClickBody,
  newsOnlyChoice,
  nextStepAt,
  sequenceVerdict,
  mayReceive,
  nextAllowedSend,
  statusAfterForm,
  unsubscribeHeaders,
} from "./marketing";

describe("mayReceive", () => {
  const person = (marketing: Parameters<typeof mayReceive>[0]["marketing"], bounced = false) => ({
    marketing,
    undeliverable_at: bounced ? "2026-11-22T00:00:00Z" : null,
  });

  it("always lets transactional mail through", () => {
    for (const status of ["none", "subscribed", "cohort_news", "unsubscribed"] as const)
      expect(mayReceive(person(status, true), "transactional")).toBe(true);
  });

  it("sends tips only to subscribers, and news to subscribers and news-only people", () => {
    expect(mayReceive(person("subscribed"), "tips")).toBe(true);
    expect(mayReceive(person("cohort_news"), "tips")).toBe(false);
    expect(mayReceive(person("cohort_news"), "news")).toBe(true);
    expect(mayReceive(person("none"), "news")).toBe(false);
    expect(mayReceive(person("unsubscribed"), "news")).toBe(false);
  });

  it("sends no marketing to an undeliverable address", () => {
    expect(mayReceive(person("subscribed", true), "news")).toBe(false);
  });
});

describe("statusAfterForm", () => {
  it("opt-in: a tick subscribes (again, too); no tick changes nothing", () => {
    expect(statusAfterForm("none", { mode: "opt-in", ticked: true })).toBe("subscribed");
    expect(statusAfterForm("unsubscribed", { mode: "opt-in", ticked: true })).toBe("subscribed");
    expect(statusAfterForm("subscribed", { mode: "opt-in", ticked: true })).toBeNull();
    expect(statusAfterForm("subscribed", { mode: "opt-in", ticked: false })).toBeNull();
  });

  it("notice: subscribes only someone who never had a say", () => {
    expect(statusAfterForm("none", { mode: "notice", ticked: false })).toBe("subscribed");
    expect(statusAfterForm("unsubscribed", { mode: "notice", ticked: false })).toBeNull();
    expect(statusAfterForm("cohort_news", { mode: "notice", ticked: true })).toBeNull();
  });
});

describe("nextAllowedSend", () => {
  const due = new Date("2026-11-24T12:00:00Z");
  it("is the due time when nothing went out in the last day", () => {
    expect(nextAllowedSend(due, null)).toEqual(due);
    expect(nextAllowedSend(due, new Date(due.getTime() - DAY_MS))).toEqual(due);
  });
  it("waits a day after the last marketing email", () => {
    const last = new Date(due.getTime() - 3_600_000);
    expect(nextAllowedSend(due, last)).toEqual(new Date(last.getTime() + DAY_MS));
  });
});

describe("one-click unsubscribe", () => {
  it("names the URL and the RFC 8058 post body", () => {
    expect(unsubscribeHeaders("https://x.test/unsubscribe/abc")).toEqual({
      "List-Unsubscribe": "<https://x.test/unsubscribe/abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
  it("recognises only the exact body", () => {
    const form = (value: string) => new URLSearchParams({ "List-Unsubscribe": value });
    expect(isOneClickBody(form("One-Click"))).toBe(true);
    expect(isOneClickBody(form("one-click"))).toBe(false);
    expect(isOneClickBody(new URLSearchParams())).toBe(false);
  });
});

describe("sequence timing and verdicts", () => {
  const start = new Date("2026-11-22T12:00:00Z");
  it("puts each email on its day, never within a day of the last", () => {
    expect(firstStepAt(start, 2)).toEqual(new Date("2026-11-24T12:00:00Z"));
    expect(nextStepAt(start, 5, new Date("2026-11-24T12:00:00Z"))).toEqual(
      new Date("2026-11-27T12:00:00Z"),
    );
    // Step 1 went late (day 4.5, after a one-a-day wait): step 2 (day 5) waits until day 5.5.
    expect(nextStepAt(start, 5, new Date("2026-11-27T00:00:00Z"))).toEqual(
      new Date("2026-11-28T00:00:00Z"),
    );
  });

  it("sends to a subscribed lead, waits on a bounce, stops on apply, enroll and unsubscribe", () => {
    const lead = { status: "lead", marketing: "subscribed" as const, undeliverable_at: null };
    expect(sequenceVerdict(lead)).toBe("send");
    expect(sequenceVerdict({ ...lead, undeliverable_at: "2026-11-22" })).toBe("wait");
    expect(sequenceVerdict({ ...lead, status: "qualified" })).toBe("applied");
    expect(sequenceVerdict({ ...lead, status: "enrolled" })).toBe("enrolled");
    expect(sequenceVerdict({ ...lead, marketing: "cohort_news" })).toBe("unsubscribed");
  });
});

describe("consent from the forms and the unsubscribe page", () => {
  it("counts notice only when the form showed it", () => {
    expect(effectiveConsentMode("notice", "notice")).toBe("notice");
    expect(effectiveConsentMode("notice", "opt-in")).toBe("opt-in");
    expect(effectiveConsentMode("notice", undefined)).toBe("opt-in");
    expect(effectiveConsentMode("opt-in", "notice")).toBe("opt-in");
  });

  it("records a consent when news only is asked for after a stop, not when narrowing", () => {
    expect(newsOnlyChoice("subscribed").consent).toBe(false);
    expect(newsOnlyChoice("cohort_news").consent).toBe(false);
    expect(newsOnlyChoice("unsubscribed").consent).toBe(true);
  });
});
