import { describe, expect, it } from "vitest";
import {
  leadAnswers as answers,
  leadAttribution,
  useLeadPages,
} from "../../../../tests/support/lead-pages";
import { testEngines } from "../../../../tests/support/databases";
import { formatSuffix, resourceFormats, type ResourceFileKey } from "~/features/resources/formats";

describe.each(testEngines())("lead pages on $name", (engine) => {
  const { t, clock, submit, showsSent, count, person, submission, outbox, downloads } =
    useLeadPages(engine);

  /** Sends the same form twice, `ms` apart; what the second one answers. */
  const submitTwice = async (path: string, ms: number) => {
    await submit(path);
    clock.advance(ms);
    return submit(path);
  };

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

      const stored = await submission();
      expect(stored).toMatchObject({
        person_id: row.id,
        type: "lead_magnet",
        status: "completed",
        source: "linkedin",
        email: "ada@example.com",
        visitor_id: "visitor-1",
      });
      expect(JSON.parse(stored.utm)).toEqual(leadAttribution.last);
      expect(JSON.parse(stored.form_data)).toEqual({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        university: "State University",
        graduationYear: "2027",
        careerGoals: "Wealth management",
        resourceType: type,
        source: "linkedin",
        utm: leadAttribution.last,
      });

      const links = await downloads();
      expect(links.map((d) => d.resource).sort()).toEqual([...files].sort());
      for (const d of links) {
        expect(d.person_id).toBe(row.id);
        expect(d.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(d.first_downloaded_at).toBeNull();
      }

      const emails = await outbox();
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ kind: `lead_${type}`, to_address: "ada@example.com" });
      // One token per file; a link per format (PDF and Word, or the spreadsheet) shares it.
      for (const d of links) {
        const key = d.resource as ResourceFileKey;
        for (const format of resourceFormats[key]) {
          const url = `http://localhost:3000/download/${d.token}${formatSuffix(key, format)}`;
          expect(emails[0]!.text).toContain(`: ${url}\n`);
          expect(emails[0]!.html).toContain(`href="${url}"`);
        }
      }
      const formats = links.flatMap((d) => resourceFormats[d.resource as ResourceFileKey]);
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
    const again = await submitTwice("/resume-template", 61_000);
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
    const stored = await submission();
    expect(stored.source).toBe("direct");
    expect(JSON.parse(stored.form_data)).toMatchObject({ source: "direct", utm: {} });
  });

  it("stores a double submit once and sends one email, still showing success", async () => {
    const second = await submitTwice("/cold-outreach", 5_000);
    expect(second.location).toBe("/cold-outreach?sent=1");
    expect(second.flash?.title).toBe("Success!");
    expect(await count("submissions")).toBe(1);
    expect(await count("outbox")).toBe(1);
    expect(await count("downloads")).toBe(1);
  });
});
