import { PurgeCSS, type ExtractorResultDetailed } from "purgecss";
import { Transform, type TransformCallback } from "node:stream";
import { errorMessage, log } from "./logger.server";

/**
 * Each HTML page carries, inline, only the rules of the stylesheet its own markup can use (decision
 * 0031): the whole stylesheet inline made a phone's first HTML round trip too big for TCP's first
 * window. Which rules are kept is PurgeCSS's decision: a rule stays when every tag, class, id and
 * attribute its selector names is in the markup (pseudo-classes, `[open]`, `[checked]`… always
 * count as present), so it keeps a superset of what the page needs. The whole stylesheet is
 * fetched once the page has loaded and applied when a script adds markup (app/enhance/enhance-page.ts).
 */

/**
 * Attributes the enhancement changes after load (the menu's aria-expanded, a field's aria-invalid):
 * their rules are always kept, since changing an attribute does not bring the whole stylesheet.
 */
const DYNAMIC_ATTRIBUTES = ["aria-expanded", "aria-invalid"];
/** One entry per distinct markup vocabulary: pages that differ only in text share theirs. */
const CACHE_LIMIT = 200;

const TAG = /<([a-zA-Z][\w-]*)([^>]*)>/g;
/** Script and style bodies are not markup: their text is left out before the tags are read. */
const SCRIPT_OR_STYLE_BODY = /(<(script|style)\b[^>]*>)[\s\S]*?<\/\2>/gi;
const ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/**
 * What of a page's markup a stylesheet can tell apart: the values its selectors test per attribute
 * (`[type=checkbox]`, `input[value=Other]`) and the ids it names. A page's own values (a nonce, a
 * hidden field, what a visitor typed) change from request to request; each is replaced by the
 * tested values it contains, so the number of vocabularies stays bounded by the stylesheet.
 */
export interface Distinguished {
  values: ReadonlyMap<string, readonly string[]>;
  ids: ReadonlySet<string>;
}

const ATTRIBUTE_WITH_VALUE = /\[\s*([\w-]+)\s*[~|^$*]?=\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]+))/g;
/** Also matches colours such as #fff: a few ids too many, which only keeps more values. */
const ID_SELECTOR = /#(-?[_a-zA-Z][\w-]*)/g;

const distinguishedBy = new Map<string, Distinguished>();

/** The attribute values and ids `stylesheet` can tell apart (worked out once per stylesheet). */
export function distinguished(stylesheet: string): Distinguished {
  let known = distinguishedBy.get(stylesheet);
  if (!known) {
    const values = new Map<string, string[]>();
    for (const [, name, ...quoted] of stylesheet.matchAll(ATTRIBUTE_WITH_VALUE)) {
      const tested = quoted.find((part) => part !== undefined) ?? "";
      const list = values.get(name!.toLowerCase()) ?? [];
      if (tested && !list.includes(tested)) list.push(tested);
      values.set(name!.toLowerCase(), list);
    }
    const ids = new Set([...stylesheet.matchAll(ID_SELECTOR)].map((m) => m[1]!.toLowerCase()));
    known = { values, ids };
    distinguishedBy.set(stylesheet, known);
  }
  return known;
}

/**
 * The tags, classes and attributes a document's markup uses (text, scripts and styles aside), with
 * only the attribute values and ids that the stylesheet can tell apart (`only`).
 */
export function extractMarkup(html: string, only: Distinguished): ExtractorResultDetailed {
  const tags = new Set<string>();
  const classes = new Set<string>();
  const ids = new Set<string>();
  const names = new Set<string>();
  const values = new Set<string>();
  for (const [, tag, attributes] of html.replace(SCRIPT_OR_STYLE_BODY, "$1").matchAll(TAG)) {
    tags.add(tag!.toLowerCase());
    for (const [, name, ...quoted] of attributes!.matchAll(ATTRIBUTE)) {
      const attribute = name!.toLowerCase();
      const value = quoted.find((part) => part !== undefined) ?? "";
      names.add(attribute);
      if (attribute === "class") for (const name of value.split(/\s+/)) classes.add(name);
      else if (attribute === "id" && only.ids.has(value.toLowerCase())) ids.add(value);
      // Whatever the operator (=, ^=, *=…), the tested value matches where the page's value did.
      for (const tested of only.values.get(attribute) ?? [])
        if (value.includes(tested)) values.add(tested);
    }
  }
  classes.delete("");
  const sorted = (set: Set<string>) => [...set].sort();
  return {
    tags: sorted(tags),
    classes: sorted(classes),
    ids: sorted(ids),
    attributes: { names: sorted(names), values: sorted(values) },
    undetermined: [],
  };
}

const cache = new Map<string, Promise<string>>();

/** The rules of `stylesheet` that a document with this markup can use (remembered per markup). */
export function usedCss(stylesheet: string, markup: ExtractorResultDetailed): Promise<string> {
  const key = JSON.stringify(markup);
  const known = cache.get(key);
  if (known) {
    // Most recently used last: the oldest entry is the first to go.
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const pruned = new PurgeCSS()
    .purge({
      content: [{ raw: "", extension: "html" }],
      css: [{ raw: stylesheet }],
      extractors: [{ extensions: ["html"], extractor: () => markup }],
      dynamicAttributes: DYNAMIC_ATTRIBUTES,
      keyframes: true,
      variables: true,
    })
    .then(([result]) => result?.css ?? stylesheet)
    .catch((error: unknown) => {
      cache.delete(key);
      log.error("critical css failed; the page carries the whole stylesheet", {
        error: errorMessage(error),
      });
      return stylesheet;
    });
  cache.set(key, pruned);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return pruned;
}

/** The document with its copy of `stylesheet` cut down to the rules its markup uses. */
export async function inlineUsedCss(html: string, stylesheet: string): Promise<string> {
  const at = stylesheet ? html.indexOf(stylesheet) : -1;
  if (at < 0) return html;
  const page = html.slice(0, at) + html.slice(at + stylesheet.length);
  const markup = extractMarkup(page, distinguished(stylesheet));
  const css = await usedCss(stylesheet, markup);
  return html.slice(0, at) + css + html.slice(at + stylesheet.length);
}

/**
 * The rendered document, held whole and sent as one chunk once its stylesheet is cut down: the
 * rules a page needs are known only at its end, and one chunk also compresses as one (every chunk
 * of a stream is flushed through gzip on its own, which cost the documents 1.2–3 KB).
 */
export function inlineUsedCssStream(stylesheet: string): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done: TransformCallback) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      done();
    },
    flush(done: TransformCallback) {
      inlineUsedCss(Buffer.concat(chunks).toString("utf8"), stylesheet).then(
        (html) => done(null, html),
        (error: unknown) => done(error as Error),
      );
    },
  });
}
