import { describe, expect, it } from "vitest";
import { isHttpsUrl } from "./https-url";

describe("isHttpsUrl", () => {
  it("takes an https link to a real host", () => {
    expect(isHttpsUrl("https://careers.example.com/jobs/123?src=x")).toBe(true);
    expect(isHttpsUrl("https://zoom.us/j/123")).toBe(true);
  });

  it("refuses every other scheme, a bare host and credentials", () => {
    expect(isHttpsUrl("http://example.com")).toBe(false);
    expect(isHttpsUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpsUrl("data:text/html,hi")).toBe(false);
    expect(isHttpsUrl("https://localhost/x")).toBe(false);
    expect(isHttpsUrl("https://user@example.com")).toBe(false);
    expect(isHttpsUrl("https://:secret@example.com")).toBe(false);
    expect(isHttpsUrl("example.com")).toBe(false);
  });
});
