import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../../tests/support/context";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../../tests/support/databases";
import { startSmtpServer } from "../../../tests/support/smtp";
import { MailWorker } from "~/mail/worker.server";
import { smtpTransport } from "~/mail/transport.server";
import { getResourceFile } from "~/resources/catalogue.server";
import {
  formatSuffix,
  resourceFormats,
  type ResourceFileKey,
  type ResourceFormat,
} from "~/resources/formats";
import type { Attribution } from "~/domain/utm";
import { loader as downloadLoader } from "./download";
import { action as leadPageAction, loader as leadPageLoader } from "./lead-page";
import { action as libraryAction, loader as libraryLoader } from "./resource-library";
import { loader as resourceFileLoader } from "./resource-file";

const answers = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  university: "State University",
  graduationYear: "2027",
  careerGoals: "Wealth management",
};

const attribution: Attribution = {
  first: { utm_source: "youtube", videoId: "abc" },
  last: { utm_source: "linkedin", utm_campaign: "resume_template", utm_term: "rep7" },
};

interface Body {
  result: { error?: Record<string, string[]> } | null;
  toast?: { title: string; description: string; durationMs?: number; variant?: string };
}

/** The plain-text body of a raw email, with quoted-printable soft breaks and escapes undone. */
function textPart(raw: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decoded.split(/Content-Type: text\/html/i)[0]!;
}

describe.each(testEngines())("lead pages on $name", (engine) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = new TestClock();
  let ipCounter = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(engine, { clock });
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });
  beforeEach(async () => {
    clock.advance(120_000);
    smtp.received.length = 0;
    for (const table of ["downloads", "submissions", "outbox", "people"] as const) {
      await t.services.db.deleteFrom(table).execute();
    }
  });

  const context = (
    overrides: { visitorId?: string | null; attribution?: Attribution | null; ip?: string } = {},
  ) => makeContext(t.services, { attribution, ip: `10.1.0.${++ipCounter}`, ...overrides });

  const submit = async (
    path: string,
    fields: Record<string, string> = answers,
    overrides: Parameters<typeof context>[0] = {},
  ) => {
    const action = path === "/resource-library" ? libraryAction : leadPageAction;
    const response = await unwrap(
      await callAction(action, formRequest(path, fields), context(overrides)),
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
  const showsSent = async (location: string | null) => {
    const request = new Request(`http://localhost:3000${location}`);
    const loader = location?.startsWith("/resource-library") ? libraryLoader : leadPageLoader;
    return (await loader({ request } as never)).sent;
  };

  const count = async (table: "people" | "submissions" | "outbox" | "downloads") =>
    Number(
      (
        await t.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const person = () => t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
  const outbox = () =>
    t.services.db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
  const download = (token: string, format?: string) =>
    callAction(
      downloadLoader,
      new Request(`http://localhost:3000/download/${token}${format ? `/${format}` : ""}`),
      context(),
      { token, ...(format ? { format } : {}) },
    ) as Promise<Response>;
  const WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

  const pages = [
    ["/resume-template", "resume", "resume_template_lead", ["resume-template"]],
    ["/cold-outreach", "outreach", "outreach_scripts_lead", ["outreach-scripts"]],
    ["/application-tracker", "tracker", "application_tracker_lead", ["application-tracker"]],
    [
      "/resource-library",
      "resource_library",
      "resource_library_lead",
      ["resume-template", "outreach-scripts", "application-tracker"],
    ],
  ] as const;

  it.each(pages)(
    "%s stores the lead in one go and queues the links",
    async (path, type, tag, files) => {
      const { status, location, flash } = await submit(path);
      expect(status).toBe(303);
      expect(location).toBe(`${path}?sent=1`);
      expect(await showsSent(location)).toBe(true);
      expect(flash).toMatchObject({
        title: "Success!",
        description: "Check your email for your download link.",
      });

      const row = await person();
      expect(row.email).toBe("ada@example.com");
      expect(row.status).toBe("lead");
      expect(row.lead_source).toBe("youtube");
      expect(JSON.parse(row.tags)).toEqual([tag]);
      expect(JSON.parse(row.lead_magnets)).toEqual([type]);
      expect(row.last_lead_magnet_type).toBe(type);
      expect(row.last_lead_magnet_at).toBe(clock.now().toISOString());

      const submission = await t.services.db
        .selectFrom("submissions")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(submission).toMatchObject({
        person_id: row.id,
        type: "lead_magnet",
        status: "completed",
        source: "linkedin",
        email: "ada@example.com",
        visitor_id: "visitor-1",
      });
      expect(JSON.parse(submission.utm)).toEqual(attribution.last);
      expect(JSON.parse(submission.form_data)).toEqual({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        university: "State University",
        graduationYear: "2027",
        careerGoals: "Wealth management",
        resourceType: type,
        source: "linkedin",
        utm: attribution.last,
      });

      const downloads = await t.services.db.selectFrom("downloads").selectAll().execute();
      expect(downloads.map((d) => d.resource).sort()).toEqual([...files].sort());
      for (const d of downloads) {
        expect(d.person_id).toBe(row.id);
        expect(d.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(d.first_downloaded_at).toBeNull();
      }

      const emails = await outbox();
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ kind: `lead_${type}`, to_address: "ada@example.com" });
      // One token per file; a link per format (PDF and Word, or the spreadsheet) shares it.
      for (const d of downloads) {
        const key = d.resource as ResourceFileKey;
        for (const format of resourceFormats[key]) {
          const url = `http://localhost:3000/download/${d.token}${formatSuffix(key, format)}`;
          expect(emails[0]!.text).toContain(`: ${url}\n`);
          expect(emails[0]!.html).toContain(`href="${url}"`);
        }
      }
      const formats = downloads.flatMap((d) => resourceFormats[d.resource as ResourceFileKey]);
      expect(emails[0]!.text.match(/^Download PDF: /gm)?.length ?? 0).toBe(
        formats.filter((f) => f === "pdf").length,
      );
      expect(emails[0]!.text.match(/^Download Word \(\.docx\): /gm)?.length ?? 0).toBe(
        formats.filter((f) => f === "docx").length,
      );
      expect(emails[0]!.text.match(/^Download Excel \(\.xlsx\): /gm)?.length ?? 0).toBe(
        formats.filter((f) => f === "xlsx").length,
      );
      expect(emails[0]!.text).toContain("Hi Ada,");
      expect(emails[0]!.subject).toBe(
        type === "resource_library"
          ? "Your download: all three free resources"
          : `Your download: your free ${{ resume: "Resume Template", outreach: "Cold Outreach Scripts", tracker: "Application Tracker" }[type]}`,
      );
    },
  );

  it("resends on a repeat request without duplicating the tag or the lead magnet", async () => {
    await submit("/resume-template");
    clock.advance(61_000);
    const again = await submit("/resume-template");
    expect(again.location).toBe("/resume-template?sent=1");
    expect(again.flash?.title).toBe("Success!");

    const row = await person();
    expect(JSON.parse(row.tags)).toEqual(["resume_template_lead"]);
    expect(JSON.parse(row.lead_magnets)).toEqual(["resume"]);
    expect(await count("people")).toBe(1);
    expect(await count("submissions")).toBe(2);
    const emails = await outbox();
    expect(emails).toHaveLength(2);
    const tokens = (await t.services.db.selectFrom("downloads").select("token").execute()).map(
      (d) => d.token,
    );
    expect(new Set(tokens).size).toBe(2);
    expect(emails[1]!.text).toContain(tokens.find((token) => !emails[0]!.text.includes(token)));
  });

  it("adds each new resource to the person's lists and keeps the first lead source", async () => {
    await submit("/resume-template");
    clock.advance(1_000);
    await submit("/cold-outreach", { ...answers, firstName: "Ada M." }, { attribution: null });
    expect((await person()).first_name).toBe("Ada M.");
    clock.advance(1_000);
    await submit("/resource-library");
    const row = await person();
    expect(JSON.parse(row.tags)).toEqual([
      "resume_template_lead",
      "outreach_scripts_lead",
      "resource_library_lead",
    ]);
    expect(JSON.parse(row.lead_magnets)).toEqual(["resume", "outreach", "resource_library"]);
    expect(row.last_lead_magnet_type).toBe("resource_library");
    expect(row.lead_source).toBe("youtube");
    expect(await count("outbox")).toBe(3);
    expect(await count("downloads")).toBe(5);
  });

  it("records 'direct' without tracking parameters", async () => {
    await submit("/application-tracker", answers, { attribution: null });
    expect((await person()).lead_source).toBe("direct");
    const submission = await t.services.db
      .selectFrom("submissions")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(submission.source).toBe("direct");
    expect(JSON.parse(submission.form_data)).toMatchObject({ source: "direct", utm: {} });
  });

  it("stores a double submit once and sends one email, still showing success", async () => {
    await submit("/cold-outreach");
    clock.advance(5_000);
    const second = await submit("/cold-outreach");
    expect(second.location).toBe("/cold-outreach?sent=1");
    expect(second.flash?.title).toBe("Success!");
    expect(await count("submissions")).toBe(1);
    expect(await count("outbox")).toBe(1);
    expect(await count("downloads")).toBe(1);
  });

  it("delivers the email over SMTP, and its link downloads the real file", async () => {
    await submit("/resume-template");
    const worker = new MailWorker(t.services.db, smtpTransport(smtp.url), clock, {
      from: "test@example.com",
      intervalMs: 1000,
    });
    try {
      expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
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
    const downloads = await t.services.db.selectFrom("downloads").selectAll().execute();
    const token = (key: string) => downloads.find((d) => d.resource === key)!.token;
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
    const rows = await t.services.db.selectFrom("downloads").selectAll().execute();
    expect(rows.every((d) => d.first_downloaded_at === null)).toBe(true);
  });

  it("the library's email links all three files, each serving its own file", async () => {
    await submit("/resource-library");
    const downloads = await t.services.db.selectFrom("downloads").selectAll().execute();
    const types: Record<string, string> = {};
    for (const d of downloads) {
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

  it("answers 404 on a path that is not a lead page, for the page and its form", async () => {
    const load = async (path: string) =>
      leadPageLoader({ request: new Request(`http://localhost:3000${path}`) } as never);
    expect((await load("/cold-outreach")).type).toBe("outreach");
    expect((await load("/resume-template/")).type).toBe("resume");
    const thrown = await unwrap(await load("/not-a-lead-page").catch((error: unknown) => error));
    expect(thrown.status).toBe(404);
    const posted = await unwrap(
      await callAction(leadPageAction, formRequest("/elsewhere", answers), context()).catch(
        (error: unknown) => error,
      ),
    );
    expect(posted.status).toBe(404);
    expect(await count("people")).toBe(0);
  });

  it("refuses invalid answers with field errors and writes nothing", async () => {
    const { status, location, body } = await submit("/resume-template", {
      ...answers,
      graduationYear: "2020",
      email: "nope",
      university: "",
    });
    expect(status).toBe(400);
    expect(location).toBeNull();
    expect(body.result?.error?.graduationYear?.[0]).toBe(
      "Please enter a valid year (2026 or later)",
    );
    expect(body.result?.error?.email).toEqual(["Please enter a valid email address"]);
    expect(body.result?.error?.university).toEqual(["Please enter your university"]);
    expect(await count("people")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("answers a filled honeypot like success and writes and sends nothing", async () => {
    const { status, location, flash } = await submit("/cold-outreach", {
      ...answers,
      website: "http://spam",
    });
    expect(status).toBe(303);
    expect(location).toBe("/cold-outreach?sent=1");
    expect(flash).toMatchObject({
      title: "Success!",
      description: "Check your email for your download link.",
    });
    for (const table of ["people", "submissions", "outbox", "downloads"] as const)
      expect(await count(table)).toBe(0);
  });

  it("refuses a submission without a visitor id, with the error's message", async () => {
    const { status, location, body } = await submit("/resource-library", answers, {
      visitorId: null,
    });
    expect(status).toBe(400);
    expect(location).toBeNull();
    expect(body.toast).toMatchObject({
      title: "Error",
      description: "Error: No authenticated user UID found. Please try again or contact support.",
      durationMs: 7000,
    });
    expect(await count("people")).toBe(0);
  });

  it("rate-limits one address across the lead pages", async () => {
    const limit = t.config.rateLimitPerMinute;
    const paths = ["/resume-template", "/cold-outreach", "/resource-library"];
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const fields = { ...answers, graduationYear: "1999" };
      statuses.push((await submit(paths[i % 3]!, fields, { ip: "192.0.2.7" })).status);
    }
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    const last = await submit("/resume-template", answers, { ip: "192.0.2.7" });
    expect(last.status).toBe(429);
    expect(await count("people")).toBe(0);
  });

  it("rolls everything back and shows the generic error when the email cannot be queued", async () => {
    await sql`drop table outbox`.execute(t.services.db);
    try {
      const { status, location, body } = await submit("/resume-template");
      expect(status).toBe(500);
      expect(location).toBeNull();
      expect(body.toast).toMatchObject({
        title: "Error",
        description:
          "There was a problem processing your request. Please try again or contact support.",
        durationMs: 7000,
        variant: "destructive",
      });
      expect(await count("people")).toBe(0);
      expect(await count("submissions")).toBe(0);
      expect(await count("downloads")).toBe(0);
    } finally {
      await t.cleanup();
      t = await startTestServices(engine, { clock });
    }
  });
});
