import { describe, expect, it } from "vitest";
import { AFTER_PAINT_TYPE } from "./after-paint";
import { deferHydration } from "./defer-hydration.server";

const HEAD =
  '<head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/><style>a{color:red}</style></head>';
const BODY =
  '<body><p>Déjà vu</p><script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script></body>';

/** Streams `chunks` through the transform and returns what came out. */
async function run(chunks: (string | Buffer)[]): Promise<string> {
  const transform = deferHydration();
  const out: Buffer[] = [];
  transform.on("data", (chunk: Buffer) => out.push(Buffer.from(chunk)));
  const ended = new Promise((resolve) => transform.on("end", resolve));
  for (const chunk of chunks) transform.write(chunk);
  transform.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

describe("deferHydration", () => {
  const expected =
    '<head><meta charSet="utf-8"/><style>a{color:red}</style></head>' +
    '<body><p>Déjà vu</p><script nonce="n1">window.__reactRouterContext = {};</script>' +
    `<script nonce="n1" type="${AFTER_PAINT_TYPE}" data-modulepreload="/assets/entry.client-A.js /assets/root-B.js">` +
    'import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script></body>';

  it("moves the preloads out of the head onto the module script, which it makes inert", async () => {
    expect(await run([HEAD + BODY])).toBe(expected);
  });

  it("gives the same answer however the HTML is cut into chunks, even inside a tag or a character", async () => {
    const bytes = Buffer.from(HEAD + BODY);
    for (let size = 1; size <= 64; size += 7) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await run(chunks)).toBe(expected);
    }
  });

  it("leaves a page without React Router's scripts (a static page) as it is", async () => {
    const page =
      '<head><style>p{}</style></head><body><p>a < b</p><script nonce="x">go()</script></body>';
    expect(await run([page])).toBe(page);
  });
});
