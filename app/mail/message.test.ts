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

  it("renders link groups as a heading with its buttons, and as labelled lines of text", () => {
    const email = renderEmail({
      subject: "Files",
      greeting: "Hi Ada,",
      paragraphs: [],
      linkGroups: [
        {
          title: "Resume <Template>",
          links: [
            { label: "Download PDF", url: "http://localhost:3000/download/t" },
            { label: "Download Word (.docx)", url: "http://localhost:3000/download/t/docx" },
          ],
        },
        { title: "Tracker", links: [{ label: "Download Excel (.xlsx)", url: "http://x/d/u" }] },
      ],
      signOff: "The team",
    });
    expect(email.text).toContain(
      [
        "Resume <Template>",
        "Download PDF: http://localhost:3000/download/t",
        "Download Word (.docx): http://localhost:3000/download/t/docx",
        "",
        "Tracker",
        "Download Excel (.xlsx): http://x/d/u",
        "",
        "The team",
      ].join("\n"),
    );
    expect(email.html).toContain("Resume &lt;Template&gt;");
    expect(email.html.match(/<a href="[^"]+"/g)).toEqual([
      '<a href="http://localhost:3000/download/t"',
      '<a href="http://localhost:3000/download/t/docx"',
      '<a href="http://x/d/u"',
    ]);
    expect(email.html).toContain(">Download Word (.docx)</a>");
  });
});
