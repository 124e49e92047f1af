import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The site writes US English (program, canceled, enrollment), as the spec's own strings do. This
 * scans every string the site shows (the words in app/content and each feature's *.words.ts, which
 * hold the pages' and the emails' text; the email layout; the text written in components and
 * pages) for British spellings, so one
 * cannot come back. Code names (`cancelledToast`), comments and stored values are not scanned.
 */
export const BRITISH_SPELLINGS: readonly RegExp[] = [
  /\bprogrammes?\b/i,
  /\bcancell(ed|ing|ation|ations)\b/i,
  /\benrolments?\b/i,
  /\bcolours?\b/i,
  /\bbehaviours?\b/i,
  /\borganis(e|ed|es|ing|ation|ations)\b/i,
  /\banalys(e|ed|es|ing)\b/i,
  /\bfavour(s|ed|ite|ites)?\b/i,
  /\bcentres?\b/i,
  /\blicence\b/i,
  /\bcatalogues?\b/i,
  /\bjudgement\b/i,
  /\blearnt\b/i,
  /\bhonour(s|ed)?\b/i,
  /\blabour\b/i,
  /\brecognis(e|ed|es|ing)\b/i,
  /\brealis(e|ed|es|ing)\b/i,
  /\bprioritis(e|ed|es|ing)\b/i,
  /\bapologis(e|ed|es|ing)\b/i,
  /\bcustomis(e|ed|es|ing)\b/i,
  /\bpractis(e|ed|es|ing)\b/i,
  /\btravell(ed|ing|er|ers)\b/i,
  /\bmodell(ed|ing)\b/i,
  /\blabell(ed|ing)\b/i,
  /\bdefence\b/i,
  /\bcheque\b/i,
];

/** The British words in one text, or none. */
export function britishWordsIn(text: string): string[] {
  return BRITISH_SPELLINGS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
}

/** The shown texts of one source file: its string literals, or only its JSX text (components). */
function shownTexts(path: string, only: "strings" | "jsx"): { line: number; text: string }[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    const isString =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node);
    if ((only === "strings" && isString) || ts.isJsxText(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ line: line + 1, text: (node as ts.LiteralLikeNode).text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sources = (dir: string, ending: RegExp): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => ending.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));

describe("US English in every word the site shows", () => {
  it("finds the British words it looks for (and leaves US English alone)", () => {
    expect(britishWordsIn("Your programme session was cancelled; enrolment is open")).toEqual([
      "programme",
      "cancelled",
      "enrolment",
    ]);
    expect(britishWordsIn("Your program session was canceled; enrollment is open")).toEqual([]);
  });

  it("has none in the site's words, the email layout or the text in components", () => {
    const files: [string, "strings" | "jsx"][] = [
      ...sources("app/content", /\.ts$/).map((f): [string, "strings"] => [f, "strings"]),
      ...sources("app", /\.words\.ts$/).map((f): [string, "strings"] => [f, "strings"]),
      ["app/mail/message.ts", "strings"],
      ...sources("app", /\.tsx$/).map((f): [string, "jsx"] => [f, "jsx"]),
    ];
    const british = files.flatMap(([file, only]) =>
      shownTexts(file, only).flatMap(({ line, text }) =>
        britishWordsIn(text).map((word) => `${file}:${line} ${word}`),
      ),
    );
    expect(british).toEqual([]);
  });
});
