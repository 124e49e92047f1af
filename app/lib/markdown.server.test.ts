import { describe, expect, it } from "vitest";
import { markdownHtml, renderMarkdown } from "./markdown.server";

describe("the owner's Markdown", () => {
  it("shows typed HTML as text, never as markup", () => {
    const html = markdownHtml('<script>alert(1)</script> <img src=x onerror="alert(1)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(renderMarkdown("<b>bold</b>").html).toContain("&lt;b&gt;");
  });

  it("links a page to http(s), mailto and the site's own paths, and nothing else", () => {
    const page = markdownHtml(
      "[a](https://example.com) [b](mailto:a@example.com) [c](/portal/networking) [d](javascript:alert(1)) [e](//evil.example) [f](data:text/html,x)",
    );
    expect(page).toContain('<a href="https://example.com">a</a>');
    expect(page).toContain('<a href="mailto:a@example.com">b</a>');
    expect(page).toContain('<a href="/portal/networking">c</a>');
    expect(page).not.toMatch(/href="(javascript|data|\/\/)/);
    expect(page).toContain("[d](javascript:alert(1))");
    expect(page).toContain("[e](//evil.example)");
  });

  it("keeps an email's links absolute: a path of the site means nothing in an inbox", () => {
    const { html, text } = renderMarkdown("[Apply](https://example.com/apply) [c](/portal)");
    expect(html).toContain('<a href="https://example.com/apply">Apply</a>');
    expect(html).not.toContain('href="/portal"');
    expect(text).toContain("Apply [https://example.com/apply]");
  });
});
