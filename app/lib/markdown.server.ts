import { compile } from "html-to-text";
import MarkdownIt from "markdown-it";

/**
 * The owner writes Markdown: broadcasts (decision 0028) and the program's weekly material (issue
 * 48). markdown-it with `html: false` escapes any HTML the owner types (it shows as text, never as
 * markup), and links only to http(s) and mailto addresses, plus, on the site's own pages, paths
 * of the site ("/portal/networking"; never "//host", which leaves it); html-to-text makes an
 * email's plain-text part from the same HTML, links written out after their words.
 */
function renderer(safeLink: RegExp): MarkdownIt {
  const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });
  markdown.validateLink = (url) => safeLink.test(url.trim());
  return markdown;
}

const forEmail = renderer(/^(https?:|mailto:)/i);
const forPage = renderer(/^(https?:|mailto:|\/(?![/\\]))/i);

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

/** Markdown as HTML safe to put in one of the site's pages: typed HTML escaped, links checked. */
export function markdownHtml(source: string): string {
  return forPage.render(source);
}

/** Markdown as an email's HTML and plain-text parts. */
export function renderMarkdown(source: string): { html: string; text: string } {
  const html = forEmail.render(source);
  return { html, text: toText(html) };
}
