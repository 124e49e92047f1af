import { compile } from "html-to-text";
import MarkdownIt from "markdown-it";

/**
 * Broadcasts are written in Markdown. markdown-it with `html: false` escapes any HTML the owner
 * types (it shows as text, never as markup), and links only to http(s) and mailto addresses;
 * html-to-text makes the plain-text part from the same HTML, links written out after their words.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

const SAFE_LINK = /^(https?:|mailto:)/i;
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

/** Compiled once: html-to-text's options take longer to prepare than a message to convert. */
const toText = compile({
  wordwrap: 78,
  selectors: [
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
  ],
});

export function renderMarkdown(source: string): { html: string; text: string } {
  const html = markdown.render(source);
  return { html, text: toText(html) };
}
