import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { AFTER_PAINT_TYPE } from "./after-paint";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">/;

/**
 * Hydrated pages load their JavaScript after the first paint, not before it. React Router's
 * `<Scripts />` writes a module preload for every chunk (React hoists them into <head>, where
 * they compete with the page for a phone's bandwidth and CPU) and one module script whose static
 * imports fetch the same chunks at once. This rewrites the HTML as it streams out: the preloads
 * leave the head and their addresses go onto the module script, whose type becomes
 * `AFTER_PAINT_TYPE` (an inert data block). The inline enhancement puts both back once the page
 * has painted; the forms work without JavaScript in the meantime.
 *
 * A tag split across two chunks is held back until its `>` arrives (and a character split across
 * two chunks until its last byte).
 */
export function deferHydration(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const preloads: string[] = [];
  let deferred = false;
  const rewrite = (html: string) => {
    if (deferred) return html;
    const withoutPreloads = html.replace(PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
    return withoutPreloads.replace(MODULE_SCRIPT, (_tag, attributes: string) => {
      deferred = true;
      return `<script${attributes} type="${AFTER_PAINT_TYPE}" data-modulepreload="${preloads.join(" ")}">`;
    });
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done: TransformCallback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const open = text.lastIndexOf("<");
      const cut = open > text.lastIndexOf(">") ? open : text.length;
      pending = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done: TransformCallback) {
      done(null, rewrite(pending + decoder.end()));
    },
  });
}
