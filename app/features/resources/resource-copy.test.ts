import { describe, expect, it } from "vitest";
import { stringsOf } from "../../../tests/support/documents";
import { linkedInNoteLimit, outreachGuide, outreachScripts } from "./outreach-scripts.words";
import { resumeTemplate } from "./resume-template.words";

describe("resource copy", () => {
  it("covers every script the program promises", () => {
    const titles = outreachScripts.map((s) => s.title.toLowerCase());
    for (const expected of [
      "cold email",
      "linkedin",
      "follow-up #1",
      "follow-up #2",
      "informational call",
      "thank-you",
    ]) {
      expect(titles.some((t) => t.includes(expected))).toBe(true);
    }
  });

  it("keeps the LinkedIn note under LinkedIn's limit and gives emails a subject", () => {
    for (const script of outreachScripts) {
      if (script.title.includes("LinkedIn")) {
        expect(script.subject).toBeUndefined();
        expect(script.body.join("\n").length).toBeLessThan(linkedInNoteLimit);
      } else {
        expect(script.subject).toBeTruthy();
      }
    }
  });

  it("has 3-4 quantified bullets per experience role", () => {
    expect(resumeTemplate.experience.length).toBeGreaterThanOrEqual(2);
    for (const role of resumeTemplate.experience) {
      expect(role.bullets.length).toBeGreaterThanOrEqual(3);
      expect(role.bullets.length).toBeLessThanOrEqual(4);
      for (const bullet of role.bullets) expect(bullet).toMatch(/\d/);
    }
  });

  it("closes every [placeholder] so the PDFs can highlight it", () => {
    const unbalanced = stringsOf([resumeTemplate, outreachGuide, outreachScripts]).filter(
      (s) => !/^[^[\]]*(\[[^[\]]*\][^[\]]*)*$/.test(s),
    );
    expect(unbalanced).toEqual([]);
  });
});
