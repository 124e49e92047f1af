import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  isOneClickBody,
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
