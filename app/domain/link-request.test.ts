import { describe, expect, it } from "vitest";
import {
  EMPTY_LINK_FORM,
  extractYouTubeId,
  readLinkQuery,
  validateLinkRequest,
} from "./link-request";

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

describe("readLinkQuery", () => {
  const read = (query: string) => readLinkQuery(new URLSearchParams(query));

  it("is null for a page opened without a query", () => {
    expect(read("")).toBeNull();
    expect(read("utm_source=youtube&ref=x")).toBeNull();
  });

  it("reads the form as it was filled in, destinations in catalogue order", () => {
    expect(
      read(
        `platform=youtube&video=${encodeURIComponent(` https://youtu.be/${VIDEO} `)}&rep=&destinations=application&destinations=resume_template`,
      ),
    ).toEqual({
      platform: "youtube",
      ids: { youtube: ` https://youtu.be/${VIDEO} `, linkedin: "" },
      destinations: ["resume_template", "application"],
    });
    expect(read("platform=linkedin&rep=jos%C3%A9%26co+1&destinations=resume_review")).toEqual({
      platform: "linkedin",
      ids: { youtube: "", linkedin: "josé&co 1" },
      destinations: ["resume_review"],
    });
  });

  it("reads a hand-made query as nothing where it is not the form's", () => {
    expect(read("platform=tiktok&destinations=nope&destinations=application")).toEqual({
      ...EMPTY_LINK_FORM,
      destinations: ["application"],
    });
    expect(read("video=a&video=b")).toEqual({
      ...EMPTY_LINK_FORM,
      ids: { youtube: "a", linkedin: "" },
    });
    expect(read("platform=")).toEqual(EMPTY_LINK_FORM);
  });
});
