import { describe, expect, it } from "vitest";
import { renderEmail } from "~/mail/message";
import { leadMagnets, type ResourceType } from "~/features/leads/lead-magnets.words";
import { nurtureSequences } from "./nurture.words";

const resourceTypes = Object.keys(leadMagnets) as ResourceType[];
const applyUrl = "https://example.test/apply?utm_source=nurture&utm_campaign=resume";

describe("nurture sequences", () => {
  it("has a sequence for every resource type and nothing else", () => {
    expect(Object.keys(nurtureSequences).sort()).toEqual([...resourceTypes].sort());
  });

  it.each(resourceTypes)("%s: three steps, increasing, ending within ten days", (type) => {
    const sequence = nurtureSequences[type];
    expect(sequence.name).toMatch(/follow-up$/);
    expect(sequence.steps).toHaveLength(3);
    const days = sequence.steps.map((step) => step.afterDays);
    for (let i = 1; i < days.length; i++) {
      expect(days[i]).toBeGreaterThan(days[i - 1]!);
    }
    expect(days[0]).toBeGreaterThan(0);
    expect(days.at(-1)).toBeLessThanOrEqual(10);
  });

  it.each(resourceTypes)("%s: every email renders and greets by first name", (type) => {
    nurtureSequences[type].steps.forEach((step, index) => {
      const content = step.email("Ada", applyUrl);
      expect(content.greeting).toBe("Hi Ada,");
      expect(step.email("", applyUrl).greeting).toBe("Hi there,");
      expect(content.paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(content.paragraphs.length).toBeLessThanOrEqual(4);
      expect(content.signOff).toBe("Talk soon,\nThe From Scratch to Success team");

      const rendered = renderEmail(content);
      expect(rendered.subject).toBe(content.subject);
      expect(rendered.text).toContain("Hi Ada,");
      expect(rendered.html).toContain("Hi Ada,");
      if (index > 0) {
        expect(content.action?.url).toBe(applyUrl);
        expect(rendered.text).toContain(applyUrl);
      }
    });
  });

  it("writes plain text without markup or unsubscribe wording", () => {
    for (const type of resourceTypes) {
      for (const step of nurtureSequences[type].steps) {
        const { text } = renderEmail(step.email("Ada", applyUrl));
        expect(text).not.toMatch(/<[a-z/]|\*\*|^#|\]\(/im);
        expect(text.toLowerCase()).not.toContain("unsubscribe");
      }
    }
  });

  it("uses a different subject for every email", () => {
    const subjects = resourceTypes.flatMap((type) =>
      nurtureSequences[type].steps.map((step) => step.email("Ada", applyUrl).subject),
    );
    expect(subjects).toHaveLength(15);
    expect(new Set(subjects).size).toBe(subjects.length);
  });
});
