import { describe, expect, it } from "vitest";
import { renderEmail } from "./message";

describe("renderEmail", () => {
  it("renders text and escaped HTML with the action link", () => {
    const email = renderEmail({
      subject: "Hi",
      greeting: "Hi <Ada>,",
      paragraphs: ["One & two"],
      action: { label: "Enroll", url: "http://localhost:3000/enroll?a=1&b=2" },
      signOff: "The team",
    });
    expect(email.text).toContain("Hi <Ada>,");
    expect(email.text).toContain("Enroll: http://localhost:3000/enroll?a=1&b=2");
    expect(email.html).toContain("Hi &lt;Ada&gt;,");
    expect(email.html).toContain("One &amp; two");
    expect(email.html).toContain('href="http://localhost:3000/enroll?a=1&amp;b=2"');
    expect(email.html).not.toContain("<Ada>");
  });
});
