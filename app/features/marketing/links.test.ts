import { describe, expect, it } from "vitest";
import { destinationKeys, linkDestinations } from "./link-destinations.words";
import {
  buildCtaBlock,
  buildLink,
  buildLinks,
  buildPasteBlock,
  generateFromQuery,
  qrFileName,
} from "./links";
import { readUtm } from "~/features/analytics/utm";

const SITE = "https://fromscratchtosuccess.com";
const VIDEO = "dQw4w9WgXcQ";

describe("buildLink", () => {
  const youtube: Record<string, string> = {
    resume_template: `${SITE}/resume-template?utm_source=youtube&utm_medium=video&utm_campaign=resume_template&utm_content=resume&utm_term=yt_${VIDEO}&vid=${VIDEO}`,
    outreach_scripts: `${SITE}/cold-outreach?utm_source=youtube&utm_medium=video&utm_campaign=outreach_scripts&utm_content=outreach&utm_term=yt_${VIDEO}&vid=${VIDEO}`,
    application_tracker: `${SITE}/application-tracker?utm_source=youtube&utm_medium=video&utm_campaign=application_tracker&utm_content=tracker&utm_term=yt_${VIDEO}&vid=${VIDEO}`,
    resource_library: `${SITE}/resource-library?utm_source=youtube&utm_medium=video&utm_campaign=resources&utm_content=general&utm_term=yt_${VIDEO}&vid=${VIDEO}`,
    resume_review: `${SITE}/resume-review?utm_source=youtube&utm_medium=video&utm_campaign=resume_review&utm_content=review&utm_term=yt_${VIDEO}&vid=${VIDEO}`,
    application: `${SITE}/apply?utm_source=youtube&utm_medium=video&utm_campaign=application&utm_content=general&utm_term=yt_${VIDEO}&vid=${VIDEO}`,
  };
  const linkedin: Record<string, string> = {
    resume_template: `${SITE}/resume-template?utm_source=linkedin&utm_medium=dm&utm_campaign=resume_template&utm_content=resume&utm_term=rep42`,
    outreach_scripts: `${SITE}/cold-outreach?utm_source=linkedin&utm_medium=dm&utm_campaign=outreach_scripts&utm_content=outreach&utm_term=rep42`,
    application_tracker: `${SITE}/application-tracker?utm_source=linkedin&utm_medium=dm&utm_campaign=application_tracker&utm_content=tracker&utm_term=rep42`,
    resource_library: `${SITE}/resource-library?utm_source=linkedin&utm_medium=dm&utm_campaign=resources&utm_content=general&utm_term=rep42`,
    resume_review: `${SITE}/resume-review?utm_source=linkedin&utm_medium=dm&utm_campaign=resume_review&utm_content=review&utm_term=rep42`,
    application: `${SITE}/apply?utm_source=linkedin&utm_medium=dm&utm_campaign=application&utm_content=general&utm_term=rep42`,
  };

  it("covers the whole catalogue", () => {
    expect(Object.keys(youtube).sort()).toEqual([...destinationKeys].sort());
    expect(destinationKeys).toHaveLength(6);
  });

  it.each(destinationKeys)("builds the YouTube link to %s", (key) => {
    expect(buildLink(SITE, "youtube", VIDEO, key)).toBe(youtube[key]);
  });

  it.each(destinationKeys)("builds the LinkedIn link to %s", (key) => {
    expect(buildLink(SITE, "linkedin", "rep42", key)).toBe(linkedin[key]);
  });

  it("reduces a pasted YouTube URL to its id and drops its other parameters", () => {
    expect(
      buildLink(SITE, "youtube", `https://youtu.be/${VIDEO}?si=abc&t=9`, "resume_template"),
    ).toBe(youtube.resume_template);
  });

  it("does not double the slash when the site address ends with one", () => {
    expect(buildLink(`${SITE}/`, "linkedin", "rep42", "application")).toBe(linkedin.application);
  });

  it("reads back through readUtm with the same values", () => {
    const url = new URL(buildLink(SITE, "youtube", VIDEO, "resource_library"));
    expect(readUtm(url.searchParams)).toEqual({
      utm_source: "youtube",
      utm_medium: "video",
      utm_campaign: "resources",
      utm_content: "general",
      utm_term: `yt_${VIDEO}`,
      videoId: VIDEO,
    });
  });

  it.each([
    ["josé&co 1", "jos%C3%A9%26co+1"],
    ["  a b  ", "a+b"],
    ["x=y&utm_source=evil", "x%3Dy%26utm_source%3Devil"],
    ["50%/#frag?", "50%25%2F%23frag%3F"],
    ["rep+plus", "rep%2Bplus"],
    ["名前", "%E5%90%8D%E5%89%8D"],
    ["emoji🚀", "emoji%F0%9F%9A%80"],
  ])("encodes the rep code %j and it survives URL parsing", (repCode, encoded) => {
    const link = buildLink(SITE, "linkedin", repCode, "resume_template");
    expect(link).toBe(
      `${SITE}/resume-template?utm_source=linkedin&utm_medium=dm&utm_campaign=resume_template&utm_content=resume&utm_term=${encoded}`,
    );
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${SITE}/resume-template`);
    expect(url.hash).toBe("");
    expect(url.searchParams.getAll("utm_term")).toEqual([repCode.trim()]);
    expect(url.searchParams.getAll("utm_source")).toEqual(["linkedin"]);
    expect([...url.searchParams.keys()]).toEqual([
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_content",
      "utm_term",
    ]);
  });

  it("encodes an odd YouTube value in both utm_term and vid", () => {
    const url = new URL(buildLink(SITE, "youtube", "a&b c", "application"));
    expect(url.searchParams.get("utm_term")).toBe("yt_a&b c");
    expect(url.searchParams.get("vid")).toBe("a&b c");
  });
});

describe("buildLinks", () => {
  it("returns the chosen destinations once each, in catalogue order, with their labels", () => {
    const links = buildLinks(SITE, "linkedin", "rep42", [
      "application",
      "resume_template",
      "application",
      "not_a_destination",
    ]);
    expect(links).toEqual([
      {
        key: "resume_template",
        label: "Resume Template",
        url: buildLink(SITE, "linkedin", "rep42", "resume_template"),
      },
      {
        key: "application",
        label: "Mentorship Application",
        url: buildLink(SITE, "linkedin", "rep42", "application"),
      },
    ]);
  });

  it("returns nothing for no destinations", () => {
    expect(buildLinks(SITE, "youtube", VIDEO, [])).toEqual([]);
  });
});

describe("buildCtaBlock", () => {
  it("lists each destination's emoji, CTA text and link, separated by blank lines", () => {
    const links = buildLinks(SITE, "youtube", VIDEO, ["resume_template", "application"]);
    expect(buildCtaBlock(links)).toBe(
      [
        "📄 Get our proven resume template:",
        links[0]!.url,
        "",
        "🚀 Apply for the 6-week finance mentorship program:",
        links[1]!.url,
      ].join("\n"),
    );
  });

  it("has an emoji and CTA text for every destination", () => {
    const links = buildLinks(SITE, "youtube", VIDEO, destinationKeys);
    const entries = buildCtaBlock(links).split("\n\n");
    expect(entries).toHaveLength(destinationKeys.length);
    entries.forEach((entry, index) => {
      const destination = linkDestinations[destinationKeys[index]!];
      expect(destination.emoji.length).toBeGreaterThan(0);
      expect(destination.cta.length).toBeGreaterThan(10);
      expect(entry).toBe(`${destination.emoji} ${destination.cta}:\n${links[index]!.url}`);
    });
    expect(linkDestinations.resume_template.cta).toBe("Get our proven resume template");
  });

  it("is empty for no links", () => {
    expect(buildCtaBlock([])).toBe("");
  });
});

describe("buildPasteBlock", () => {
  it("is the CTA block itself for YouTube", () => {
    const links = buildLinks(SITE, "youtube", VIDEO, ["resume_template", "application"]);
    expect(buildPasteBlock("youtube", links)).toBe(buildCtaBlock(links));
  });

  it("wraps the same entries in a LinkedIn message, parts separated by blank lines", () => {
    const links = buildLinks(SITE, "linkedin", "rep42", ["resume_template", "application"]);
    expect(buildPasteBlock("linkedin", links)).toBe(
      [
        "Hi! Thanks for connecting. Here are a few free resources from From Scratch to Success for students and recent grads going after internships and entry-level roles in finance:",
        "",
        "📄 Get our proven resume template:",
        links[0]!.url,
        "",
        "🚀 Apply for the 6-week finance mentorship program:",
        links[1]!.url,
        "",
        "Happy to answer any questions. Just reply here!",
      ].join("\n"),
    );
  });
});

describe("qrFileName", () => {
  it.each([
    ["application_tracker", VIDEO, `qr-application_tracker-${VIDEO}.png`],
    ["resume_template", "a-_b9", "qr-resume_template-a-_b9.png"],
    ["application", "rep42", "qr-application-rep42.png"],
    ["resume_review", "josé&co", "qr-resume_review-jose-co.png"],
    ["application", "../../etc/passwd", "qr-application-etc-passwd.png"],
    ["application", 'a/b\\c:d*e?f"g<h>i|j', "qr-application-a-b-c-d-e-f-g-h-i-j.png"],
    ["application", "https://example.com/x?y=1", "qr-application-https-example-com-x-y-1.png"],
    ["application", "名前🚀", "qr-application.png"],
    ["application", "", "qr-application.png"],
  ] as const)("names the QR code of %s for %j %j", (destination, id, expected) => {
    expect(qrFileName(destination, id)).toBe(expected);
  });

  it("keeps to safe characters and a bounded length", () => {
    const name = qrFileName("outreach_scripts", `${"x".repeat(39)}%%%${"y".repeat(100)}`);
    expect(name).toBe(`qr-outreach_scripts-${"x".repeat(39)}.png`);
    expect(qrFileName("resource_library", "ÄÖÜ ñ\t\n.")).toBe("qr-resource_library-AOU-n.png");
    for (const id of ["a b", "..", "\u0000", "—", "a.b.c"]) {
      expect(qrFileName("application", id)).toMatch(
        /^qr-application(-[A-Za-z0-9_][A-Za-z0-9_-]*)?\.png$/,
      );
    }
  });
});

describe("generateFromQuery", () => {
  const generate = (query: string) => generateFromQuery(SITE, new URLSearchParams(query));

  it("shows an empty form and no errors without a query", () => {
    expect(generate("")).toEqual({
      values: { platform: "youtube", ids: { youtube: "", linkedin: "" }, destinations: [] },
      errors: {},
      result: null,
    });
  });

  it("gives the errors of a bad request and no links", () => {
    expect(generate("platform=linkedin&rep=+&video=abc")).toMatchObject({
      errors: {
        id: "Please enter a rep code",
        destinations: "Please select at least one destination",
      },
      result: null,
    });
    expect(generate("platform=youtube&video=&destinations=application")).toMatchObject({
      errors: { id: "Please enter a video ID" },
      result: null,
    });
  });

  it("builds the YouTube links and CTA block from the platform's own field", () => {
    const view = generate(
      `platform=youtube&video=${encodeURIComponent(`https://www.youtube.com/watch?v=${VIDEO}&t=4`)}&rep=rep42&destinations=application&destinations=resume_template`,
    );
    const links = buildLinks(SITE, "youtube", VIDEO, ["resume_template", "application"]);
    expect(view.errors).toEqual({});
    expect(view.result).toEqual({
      platform: "youtube",
      id: VIDEO,
      links,
      block: buildCtaBlock(links),
      warning: null,
    });
  });

  it("builds LinkedIn links with the message block, from the trimmed rep code", () => {
    const links = buildLinks(SITE, "linkedin", "rep42", ["resume_review"]);
    expect(generate("platform=linkedin&rep=+rep42+&destinations=resume_review").result).toEqual({
      platform: "linkedin",
      id: "rep42",
      links,
      block: buildPasteBlock("linkedin", links),
      warning: null,
    });
  });

  it("refuses a rep code with a space, and makes no links", () => {
    expect(generate("platform=linkedin&rep=+jane+d+&destinations=application")).toMatchObject({
      errors: { id: "A rep code cannot contain spaces. Use _ or - instead, e.g. jane_d." },
      result: null,
    });
  });

  it("still makes the links of an odd YouTube id, with a warning", () => {
    const view = generate("platform=youtube&video=+my-video+&destinations=application");
    expect(view.errors).toEqual({});
    expect(view.result).toMatchObject({
      id: "my-video",
      links: buildLinks(SITE, "youtube", "my-video", ["application"]),
      warning:
        "“my-video” does not look like a YouTube video ID (11 letters, digits, - or _). The links carry it as it is, so check it before sharing them.",
    });
  });
});
