import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  distinguished,
  extractMarkup,
  inlineUsedCss,
  inlineUsedCssStream,
  usedCss,
} from "./critical-css.server";

const STYLESHEET = [
  ".used{color:red}",
  ".unused{color:blue}",
  ".hover\\:used:hover{color:green}",
  ".group:focus-within .group-focus-within\\:shown{display:block}",
  "details[open]>summary{font-weight:700}",
  "[aria-expanded=true]{outline:1px solid}",
  "#main{margin:0}",
  "#elsewhere{margin:1px}",
  "table{border:0}",
  "@media (min-width:40rem){.sm\\:used{color:red}.sm\\:unused{color:blue}}",
  "@keyframes spin{to{rotate:1turn}}",
  "@keyframes unused-spin{to{rotate:1turn}}",
  ".animate-spin{animation:1s linear infinite spin}",
  ":root{--kept:1px;--dropped:2px}",
  ".uses-var{margin:var(--kept)}",
].join("");

const ONLY = distinguished(STYLESHEET);

const page = (body: string) =>
  `<!DOCTYPE html><html><head><style>${STYLESHEET}</style></head><body>${body}</body></html>`;

describe("extractMarkup", () => {
  it("lists the tags, classes and attributes of the markup, not its text, scripts or styles", () => {
    const only = distinguished("#main{}[data-x=one]{}");
    const markup = extractMarkup(
      `<main id="main" class="a  b"><p data-x='one' hidden>table .c #d</p><input id="e" value=3><script>if (a<b && c>d) x='<em class="z">'</script><style>.y{}</style></main>`,
      only,
    );
    expect(markup.tags).toEqual(["input", "main", "p", "script", "style"]);
    expect(markup.classes).toEqual(["a", "b"]);
    expect(markup.ids).toEqual(["main"]);
    expect(markup.attributes?.names).toEqual(["class", "data-x", "hidden", "id", "value"]);
    expect(markup.attributes?.values).toEqual(["one"]);
  });

  it("gives the same vocabulary to pages that differ only in text", () => {
    const one = extractMarkup(`<p class="a">Ada</p>`, ONLY);
    const two = extractMarkup(`<p class="a">Grace Hopper</p>`, ONLY);
    expect(JSON.stringify(one)).toBe(JSON.stringify(two));
  });

  it("keeps only the values and ids the stylesheet can tell apart", () => {
    const only = distinguished(STYLESHEET + "input[value=Other]:checked{color:red}");
    expect(only.values).toEqual(
      new Map([
        ["aria-expanded", ["true"]],
        ["value", ["Other"]],
      ]),
    );
    expect(only.ids.has("main")).toBe(true);
    const request = (nonce: string, typed: string) =>
      extractMarkup(
        `<script nonce="${nonce}"></script><main id="main"><input id="f-${typed}" value="${typed}"><input type="radio" value="Other"><button aria-expanded="true"></button></main>`,
        only,
      );
    const one = request("n1", "Ada");
    expect(one.ids).toEqual(["main"]);
    expect(one.attributes.values).toEqual(["Other", "true"]);
    expect(one.attributes.names).toContain("nonce");
    // What a visitor types cannot make a new vocabulary (and a PurgeCSS run).
    for (const typed of ["Grace", "Other stuff", "xOtherx"])
      expect(JSON.stringify(request("n2", typed))).toBe(JSON.stringify(one));
  });
});

describe("usedCss", () => {
  it("keeps the rules the markup can use and drops the others", async () => {
    const html = page(
      `<main id="main"><p class="used hover:used sm:used group group-focus-within:shown animate-spin uses-var">x</p><details><summary>s</summary></details><button aria-expanded="false">m</button></main>`,
    );
    const css = await usedCss(STYLESHEET, extractMarkup(html.replace(STYLESHEET, ""), ONLY));
    for (const kept of [
      ".used{",
      ".hover\\:used:hover",
      ".sm\\:used",
      ".group-focus-within\\:shown",
      "details[open]>summary",
      "[aria-expanded=true]",
      "#main{",
      "@keyframes spin",
      "--kept",
    ])
      expect(css).toContain(kept);
    for (const dropped of [
      ".unused",
      ".sm\\:unused",
      "#elsewhere",
      "table{",
      "unused-spin",
      "--dropped",
    ])
      expect(css).not.toContain(dropped);
  });

  it("remembers each vocabulary: the same markup gets the same answer without a second pass", () => {
    const markup = extractMarkup(`<p class="used remembered"></p>`, ONLY);
    expect(usedCss(STYLESHEET, markup)).toBe(
      usedCss(STYLESHEET, extractMarkup(`<p class="used remembered">other text</p>`, ONLY)),
    );
  });
});

describe("inlineUsedCss", () => {
  it("cuts the page's copy of the stylesheet down and leaves the rest of the page as it was", async () => {
    const html = page(`<p class="used">Hello</p>`);
    const out = await inlineUsedCss(html, STYLESHEET);
    expect(out).toMatch(
      /^<!DOCTYPE html><html><head><style>[^<]*\.used\{color:red\}[^<]*<\/style>/,
    );
    expect(out).not.toContain(".unused");
    expect(out).toContain(`<body><p class="used">Hello</p></body></html>`);
  });

  it("leaves a page without the stylesheet untouched", async () => {
    const html = `<html><body><p class="used"></p></body></html>`;
    expect(await inlineUsedCss(html, STYLESHEET)).toBe(html);
  });
});

describe("inlineUsedCssStream", () => {
  it("sends the document as one chunk, which compresses as well as the whole", async () => {
    const html = page(
      `<p class="used">${"Six weeks to your first finance offer. ".repeat(200)}</p>`,
    );
    const pieces = html.match(/[\s\S]{1,512}/g)!;
    const out = Readable.from(pieces).pipe(inlineUsedCssStream(STYLESHEET));
    const chunks: Buffer[] = [];
    for await (const chunk of out) chunks.push(Buffer.from(chunk as Buffer));
    expect(chunks).toHaveLength(1);
    const sent = chunks[0]!.toString("utf8");
    expect(sent).toBe(await inlineUsedCss(html, STYLESHEET));
    expect(gzipSync(sent).length).toBeLessThan(gzipSync(html).length);
  });

  it("keeps a character split across two chunks whole", async () => {
    const html = Buffer.from(page(`<p class="used">Café £649</p>`));
    const split = html.indexOf(Buffer.from("£")) + 1;
    const out = Readable.from([html.subarray(0, split), html.subarray(split)]).pipe(
      inlineUsedCssStream(STYLESHEET),
    );
    expect(await text(out)).toContain("Café £649");
  });
});
