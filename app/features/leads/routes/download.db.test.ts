import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines } from "../../../../tests/support/databases";
import { callAction, unwrap } from "../../../../tests/support/context";
import { useLeadPages, WORD } from "../../../../tests/support/lead-pages";
import { startSmtpServer } from "../../../../fakes/smtp";
import { MailWorker } from "~/mail/worker.server";
import { smtpTransport } from "~/mail/transport.server";
import { getResourceFile } from "~/features/resources/catalogue.server";
import {
  resourceFormats,
  type ResourceFileKey,
  type ResourceFormat,
} from "~/features/resources/formats";
import { loader as resourceFileLoader } from "~/features/resources/routes/resource-file";

/** The plain-text body of a raw email, with quoted-printable soft breaks and escapes undone. */
function textPart(raw: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decoded.split(/Content-Type: text\/html/i)[0]!;
}

describe.each(testEngines())("lead pages on $name", (engine) => {
  const { t, clock, context, submit, download, downloads } = useLeadPages(engine);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it("delivers the email over SMTP, and its link downloads the real file", async () => {
    await submit("/resume-template");
    const worker = new MailWorker(t.services.db, smtpTransport(smtp.url), clock, {
      from: "test@example.com",
    });
    try {
      expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, suppressed: 0 });
    } finally {
      await worker.stop();
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["ada@example.com"]);
    const link = /http:\/\/localhost:3000\/download\/([A-Za-z0-9_-]{43})/.exec(
      textPart(smtp.received[0]!.raw),
    );
    expect(link).not.toBeNull();
    const token = link![1]!;

    clock.advance(3_000);
    const firstUse = clock.now().toISOString();
    const response = await download(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="From-Scratch-to-Success-Resume-Template.pdf"',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals((await getResourceFile("resume-template")).bytes)).toBe(true);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const row = () =>
      t.services.db
        .selectFrom("downloads")
        .selectAll()
        .where("token", "=", token)
        .executeTakeFirstOrThrow();
    expect((await row()).first_downloaded_at).toBe(firstUse);

    clock.advance(60_000);
    const again = await download(token);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await row()).first_downloaded_at).toBe(firstUse);

    // The email's Word link carries the same token and serves the editable copy.
    expect(textPart(smtp.received[0]!.raw)).toContain(
      `Download Word (.docx): http://localhost:3000/download/${token}/docx`,
    );
    const word = await download(token, "docx");
    expect(word.status).toBe(200);
    expect(word.headers.get("content-type")).toBe(WORD);
    expect(word.headers.get("content-disposition")).toBe(
      'attachment; filename="From-Scratch-to-Success-Resume-Template.docx"',
    );
    const wordBytes = Buffer.from(await word.arrayBuffer());
    expect(wordBytes.equals((await getResourceFile("resume-template", "docx")).bytes)).toBe(true);
    expect((await row()).first_downloaded_at).toBe(firstUse);
  });

  it("records the first download when the Word link is opened first", async () => {
    await submit("/cold-outreach");
    const { token } = await t.services.db
      .selectFrom("downloads")
      .select("token")
      .executeTakeFirstOrThrow();
    clock.advance(2_000);
    const firstUse = clock.now().toISOString();
    const response = await download(token, "docx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="From-Scratch-to-Success-Cold-Outreach-Scripts.docx"',
    );
    const recorded = () =>
      t.services.db
        .selectFrom("downloads")
        .select("first_downloaded_at")
        .where("token", "=", token)
        .executeTakeFirstOrThrow();
    expect((await recorded()).first_downloaded_at).toBe(firstUse);
    clock.advance(2_000);
    expect((await download(token)).status).toBe(200);
    expect((await download(token, "pdf")).status).toBe(200);
    expect((await recorded()).first_downloaded_at).toBe(firstUse);
  });

  it("answers 404 for a format the file does not come in, recording nothing", async () => {
    await submit("/resource-library");
    const links = await downloads();
    const token = (key: string) => links.find((d) => d.resource === key)!.token;
    for (const [key, format] of [
      ["application-tracker", "docx"],
      ["application-tracker", "pdf"],
      ["resume-template", "xlsx"],
      ["resume-template", "DOCX"],
      ["outreach-scripts", "exe"],
    ] as const) {
      const response = await download(token(key), format);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("not valid");
    }
    const rows = await downloads();
    expect(rows.every((d) => d.first_downloaded_at === null)).toBe(true);
  });

  it("the library's email links all three files, each serving its own file", async () => {
    await submit("/resource-library");
    const types: Record<string, string> = {};
    for (const d of await downloads()) {
      const key = d.resource as ResourceFileKey;
      for (const format of resourceFormats[key]) {
        const response = await download(d.token, format);
        types[`${d.resource} ${format}`] = response.headers.get("content-type")!;
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.equals((await getResourceFile(key, format)).bytes)).toBe(true);
      }
    }
    expect(types).toEqual({
      "resume-template pdf": "application/pdf",
      "resume-template docx": WORD,
      "outreach-scripts pdf": "application/pdf",
      "outreach-scripts docx": WORD,
      "application-tracker xlsx":
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
  });

  it.each(["A".repeat(43), "short", "../../etc/passwd"])(
    "answers 404 for the unknown token %j",
    async (token) => {
      const response = await download(token);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("not valid");
    },
  );

  it("serves the library's files: PDFs inline, Word and the spreadsheet as attachments", async () => {
    const get = async (path: string) => {
      const [key, format] = path.split("/") as [string, string | undefined];
      return (await callAction(
        resourceFileLoader,
        new Request(`http://localhost:3000/resources/${path}`),
        context(),
        { key, ...(format ? { format } : {}) },
      )) as Response;
    };
    const expected = {
      "resume-template": ["application/pdf", "inline", "Resume-Template.pdf"],
      "outreach-scripts": ["application/pdf", "inline", "Cold-Outreach-Scripts.pdf"],
      "resume-template/pdf": ["application/pdf", "inline", "Resume-Template.pdf"],
      "resume-template/docx": [WORD, "attachment", "Resume-Template.docx"],
      "outreach-scripts/docx": [WORD, "attachment", "Cold-Outreach-Scripts.docx"],
      "application-tracker": [
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "attachment",
        "Application-Tracker.xlsx",
      ],
    } as const;
    for (const [path, [type, disposition, name]] of Object.entries(expected)) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("content-disposition")).toBe(
        `${disposition}; filename="From-Scratch-to-Success-${name}"`,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      const [key, format] = path.split("/") as [ResourceFileKey, ResourceFormat | undefined];
      expect(bytes.equals((await getResourceFile(key, format)).bytes)).toBe(true);
    }
    for (const path of ["secrets", "application-tracker/docx", "resume-template/zip"]) {
      const unknown = await unwrap(await get(path).catch((error: unknown) => error));
      expect(unknown.status).toBe(404);
    }
  });
});
