import { describe, expect, it } from "vitest";
import { destinationKeys, linkDestinations } from "~/content/link-destinations";
import {
  buildCtaBlock,
  buildLink,
  buildLinks,
  extractYouTubeId,
  validateLinkRequest,
} from "./links";
import { readUtm } from "./utm";

const SITE = "https://fromscratchtosuccess.com";
const VIDEO = "dQw4w9WgXcQ";

describe("extractYouTubeId", () => {
  it.each([
    ["watch URL", `https://www.youtube.com/watch?v=${VIDEO}`],
    ["watch URL with t=", `https://www.youtube.com/watch?v=${VIDEO}&t=42s`],
    ["watch URL with si= before v", `https://www.youtube.com/watch?si=AbC123xyz&v=${VIDEO}`],
    ["watch URL with a list and index", `https://youtube.com/watch?v=${VIDEO}&list=PL123&index=2`],
    ["watch URL without a scheme", `www.youtube.com/watch?v=${VIDEO}`],
    ["watch URL over http", `http://youtube.com/watch?v=${VIDEO}`],
    ["mobile watch URL", `https://m.youtube.com/watch?v=${VIDEO}&feature=share`],
    ["youtu.be short link", `https://youtu.be/${VIDEO}`],
    ["youtu.be with ?si=", `https://youtu.be/${VIDEO}?si=Xy9_abc-123`],
    ["youtu.be with ?t=", `youtu.be/${VIDEO}?t=10`],
    ["shorts", `https://www.youtube.com/shorts/${VIDEO}`],
    ["shorts with ?feature=", `https://youtube.com/shorts/${VIDEO}?feature=share`],
    ["embed", `https://www.youtube.com/embed/${VIDEO}?start=5`],
    ["privacy-enhanced embed", `https://www.youtube-nocookie.com/embed/${VIDEO}`],
    ["live", `https://www.youtube.com/live/${VIDEO}?si=abc`],
    ["upper-case host", `https://WWW.YOUTUBE.COM/watch?v=${VIDEO}`],
    ["bare id", VIDEO],
    ["bare id with whitespace", `  ${VIDEO}\n`],
    ["URL with whitespace", `\t https://youtu.be/${VIDEO}  `],
  ])("reads the id from a %s", (_name, input) => {
    expect(extractYouTubeId(input)).toBe(VIDEO);
  });

  it.each([
    ["another site's link", "https://example.com/watch?v=abc", "https://example.com/watch?v=abc"],
    [
      "a channel link",
      "https://www.youtube.com/@fromscratch",
      "https://www.youtube.com/@fromscratch",
    ],
    [
      "a watch link with no v",
      "https://www.youtube.com/watch?t=3",
      "https://www.youtube.com/watch?t=3",
    ],
    ["free text", "  my video  ", "my video"],
    ["an empty string", "   ", ""],
  ])("uses %s as is, trimmed", (_name, input, expected) => {
    expect(extractYouTubeId(input)).toBe(expected);
  });
});

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

describe("validateLinkRequest", () => {
  it("asks for a video ID on YouTube", () => {
    expect(
      validateLinkRequest({ platform: "youtube", id: "  ", destinations: ["application"] }),
    ).toEqual({ ok: false, errors: { id: "Please enter a video ID" } });
  });

  it("asks for a rep code on LinkedIn", () => {
    expect(
      validateLinkRequest({ platform: "linkedin", id: "", destinations: ["application"] }),
    ).toEqual({ ok: false, errors: { id: "Please enter a rep code" } });
  });

  it("asks for at least one destination", () => {
    expect(validateLinkRequest({ platform: "linkedin", id: "rep", destinations: [] })).toEqual({
      ok: false,
      errors: { destinations: "Please select at least one destination" },
    });
    expect(validateLinkRequest({ platform: "youtube", id: VIDEO, destinations: ["nope"] })).toEqual(
      { ok: false, errors: { destinations: "Please select at least one destination" } },
    );
  });

  it("reports both problems at once", () => {
    expect(validateLinkRequest({ platform: "youtube", id: "", destinations: [] })).toEqual({
      ok: false,
      errors: {
        id: "Please enter a video ID",
        destinations: "Please select at least one destination",
      },
    });
  });

  it("returns the normalised id and ordered destinations when valid", () => {
    expect(
      validateLinkRequest({
        platform: "youtube",
        id: ` https://www.youtube.com/watch?v=${VIDEO}&t=1 `,
        destinations: new Set(["application", "resume_review"]),
      }),
    ).toEqual({
      ok: true,
      platform: "youtube",
      id: VIDEO,
      destinations: ["resume_review", "application"],
    });
    expect(
      validateLinkRequest({
        platform: "linkedin",
        id: " josé&co 1 ",
        destinations: ["application"],
      }),
    ).toEqual({ ok: true, platform: "linkedin", id: "josé&co 1", destinations: ["application"] });
  });
});
