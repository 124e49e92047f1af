import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { broadcastErrors } from "./broadcasts.words";
import { broadcastFormSchema, broadcastStage } from "./broadcast";

const NOW = new Date("2026-11-22T12:00:00Z");
const schema = broadcastFormSchema("America/New_York", NOW);

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

const compose = {
  intent: "send",
  requestKey: "a-request-key-of-some-length",
  category: "news",
  subject: " Cohort news ",
  body: "Hello",
};

describe("the broadcast form", () => {
  it("counts an audience alone, any filter left empty meaning anyone", () => {
    const counted = parse({ intent: "count", status: "", resource: "resume", waitlist: "yes" });
    expect(counted.status === "success" && counted.value).toEqual({
      intent: "count",
      category: "news",
      resource: "resume",
      waitlist: "yes",
    });
  });

  it("sends now when no time is given, at the time read in the site's zone otherwise", () => {
    const now = parse(compose);
    expect(now.status === "success" && now.value).toMatchObject({
      intent: "send",
      subject: "Cohort news",
      sendAtUtc: NOW,
    });
    const later = parse({ ...compose, intent: "test", sendAt: "2026-11-23T09:00" });
    expect(later.status === "success" && later.value).toMatchObject({
      intent: "test",
      sendAtUtc: new Date("2026-11-23T14:00:00Z"),
    });
  });

  it("puts each refusal under its field", () => {
    const errorsOf = (fields: Record<string, string>) => {
      const submission = parse(fields);
      return submission.status === "error" ? submission.error : undefined;
    };
    expect(errorsOf({ ...compose, subject: "  " })).toEqual({
      subject: [broadcastErrors.subject],
    });
    expect(errorsOf({ ...compose, body: "x".repeat(20_001) })).toEqual({
      body: [broadcastErrors.bodyTooLong],
    });
    expect(errorsOf({ ...compose, sendAt: "2026-11-01T10:00" })).toEqual({
      sendAt: [broadcastErrors.sendAtPast],
    });
    expect(errorsOf({ ...compose, sendAt: "tomorrow" })).toEqual({
      sendAt: [broadcastErrors.sendAt],
    });
    expect(errorsOf({ ...compose, requestKey: "x" })).toEqual({
      requestKey: [broadcastErrors.requestKey],
    });
    expect(errorsOf({ intent: "count", resource: "nothing" })).toEqual({
      resource: [broadcastErrors.audience],
    });
    expect(Object.keys(errorsOf({ ...compose, intent: "shout" }) ?? {})).toEqual(["intent"]);
  });
});

describe("a broadcast's stage", () => {
  it("moves scheduled → queuing → sending → sent, sent once nothing waits in the outbox", () => {
    const outbox = { queued: 6, sent: 0, failed: 0, suppressed: 0 };
    expect(broadcastStage("scheduled", outbox)).toBe("scheduled");
    expect(broadcastStage("queueing", outbox)).toBe("queueing");
    expect(broadcastStage("queued", outbox)).toBe("sending");
    expect(broadcastStage("queued", { ...outbox, sent: 5 })).toBe("sending");
    expect(broadcastStage("queued", { ...outbox, sent: 6 })).toBe("sent");
    expect(broadcastStage("queued", { ...outbox, sent: 4, failed: 1, suppressed: 1 })).toBe("sent");
    expect(broadcastStage("queued", { queued: 0, sent: 0, failed: 0, suppressed: 0 })).toBe("sent");
  });
});
