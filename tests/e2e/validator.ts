import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The W3C Nu validator (vnu-jar from npm, run with the machine's Java), for the specs that check
 * pages are valid HTML as served: html-validity.spec.ts and the flows that make their own pages.
 */
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
export const hasJava = spawnSync("java", ["-version"]).status === 0;

/**
 * One short run each: the JVM's quick compiler only and its simplest collector, which halve the
 * CPU a run costs (about 6 s to 2.5 s here); the larger stack is the one the checker asks for
 * when the quick compiler's frames are deeper.
 */
export const vnuJava = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", vnuJar];

/**
 * The validator's CSS checker predates two constructs of Tailwind's inline stylesheet that CSS
 * defines and every current browser reads: `@property` registrations and the feature query
 * `@supports (not (margin-trim: …))`. Those two messages are the checker's gaps, not page errors;
 * every other message, CSS or HTML, fails the test.
 */
const KNOWN_CSS_CHECKER_GAPS = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
}

/** The errors in the pages (address to HTML), as "address:line message"; none is valid. */
export function validate(pages: Map<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
  try {
    const files = [...pages.entries()].map(([url, html], index) => {
      const file = path.join(dir, `page-${index}.html`);
      writeFileSync(file, html);
      return { file, url };
    });
    const run = spawnSync(
      "java",
      [...vnuJava, "--errors-only", "--format", "json", ...files.map((f) => f.file)],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(run.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
    return report.messages
      .filter((m) => m.type === "error")
      .filter((m) => !KNOWN_CSS_CHECKER_GAPS.some((gap) => gap.test(m.message)))
      .map((m) => {
        const page = files.find((f) => m.url.endsWith(path.basename(f.file)))?.url ?? m.url;
        return `${page}:${m.lastLine ?? "?"} ${m.message}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
