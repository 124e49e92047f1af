import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { sequenceStepConsole } from "./broadcasts.words";
import { validation } from "~/content/forms";
import { nurtureSequences } from "./nurture.words";
import { renderEmail } from "~/mail/message";
import { sequenceStepFormSchema } from "./sequence-forms";
import {
  bodyOf,
  isDefaultCopy,
  MAX_STEP_BODY,
  MAX_STEP_SUBJECT,
  paragraphsOf,
  stepCopy,
  type StepCopy,
} from "./sequence-copy";

const defaults: StepCopy = {
  subject: "The default subject",
  preheader: "The default preheader",
  paragraphs: ["First paragraph.", "Second paragraph."],
};

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema: sequenceStepFormSchema, disableAutoCoercion: true });
}

describe("a sequence email's body", () => {
  it("is paragraphs split on blank lines; a single line break stays in its paragraph", () => {
    expect(paragraphsOf("  One\nstill one.\r\n\r\nTwo.\n \n\n\nThree.  \n")).toEqual([
      "One\nstill one.",
      "Two.",
      "Three.",
    ]);
    expect(paragraphsOf(" \n\n ")).toEqual([]);
  });

  it("every step's own words go into the form and come back as the same email", () => {
    for (const sequence of Object.values(nurtureSequences)) {
      for (const step of sequence.steps) {
        const body = bodyOf(step.copy.paragraphs);
        expect(paragraphsOf(body)).toEqual(step.copy.paragraphs);
        const edit = { subject: step.copy.subject, body: body.replaceAll("\n", "\r\n") };
        expect(isDefaultCopy(step.copy, edit)).toBe(true);
        const url = "https://example.test/apply";
        expect(renderEmail(step.email("Ada", url, stepCopy(step.copy, edit)))).toEqual(
          renderEmail(step.email("Ada", url)),
        );
      }
    }
  });
});

describe("the words a step is sent with", () => {
  it("are the site's own without an edit", () => {
    expect(stepCopy(defaults, null)).toBe(defaults);
  });

  it("take the edit's subject and paragraphs, and drop the preheader of a rewritten body", () => {
    expect(
      stepCopy(defaults, { subject: " New\nsubject ", body: "Only one.\n\nAnd two." }),
    ).toEqual({ subject: "New subject", paragraphs: ["Only one.", "And two."] });
  });

  it("keep the preheader when only the subject changed", () => {
    const edit = { subject: "New subject", body: bodyOf(defaults.paragraphs) };
    expect(stepCopy(defaults, edit)).toEqual({ ...defaults, subject: "New subject" });
    expect(isDefaultCopy(defaults, edit)).toBe(false);
  });

  it("render what the owner typed as text, never as markup", () => {
    const step = nurtureSequences.resume.steps[0]!;
    const copy = stepCopy(step.copy, { subject: "Hi", body: "<b>bold</b> & **not bold**" });
    const { html, text } = renderEmail(step.email("Ada", "", copy));
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; **not bold**");
    expect(html).not.toContain("<b>");
    expect(text).toContain("<b>bold</b> & **not bold**");
  });
});

describe("the edit form", () => {
  it("reads a save, the subject on one line and the body's line breaks as LF", () => {
    const submission = parse({ intent: "save", subject: "  A\r\nsubject ", body: " A\r\n\r\nB " });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "save",
      subject: "A subject",
      body: "A\n\nB",
    });
    expect(parse({ intent: "reset" }).status).toBe("success");
  });

  it("refuses an empty or overlong subject or body, with the field's message", () => {
    const errors = (fields: Record<string, string>) => {
      const submission = parse({ intent: "save", subject: "S", body: "B", ...fields });
      return submission.status === "error" ? submission.error : null;
    };
    expect(errors({ subject: "  " })).toEqual({
      subject: [sequenceStepConsole.subjectRequired],
    });
    expect(errors({ subject: "x".repeat(MAX_STEP_SUBJECT + 1) })).toEqual({
      subject: [validation.tooLong(MAX_STEP_SUBJECT)],
    });
    expect(errors({ body: "\r\n \r\n" })).toEqual({ body: [sequenceStepConsole.bodyRequired] });
    expect(errors({ body: "x".repeat(MAX_STEP_BODY + 1) })).toEqual({
      body: [validation.tooLong(MAX_STEP_BODY)],
    });
    // Measured as stored: a body at the limit whose line breaks the browser sent as CR LF.
    const atLimit = `${"x".repeat(MAX_STEP_BODY / 2 - 1)}\n\n${"y".repeat(MAX_STEP_BODY / 2 - 1)}`;
    expect(atLimit).toHaveLength(MAX_STEP_BODY);
    expect(errors({ body: atLimit.replaceAll("\n", "\r\n") })).toBeNull();
  });
});
