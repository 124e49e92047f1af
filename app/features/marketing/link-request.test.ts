import { describe, expect, it } from "vitest";
import {
  EMPTY_LINK_FORM,
  extractYouTubeId,
  isYouTubeVideoId,
  linkIdError,
  linkIdWarning,
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

describe("isYouTubeVideoId", () => {
  it.each([VIDEO, "a-_b9C8d7E6", "___________", "-----------", "01234567890"])("takes %j", (id) =>
    expect(isYouTubeVideoId(id)).toBe(true),
  );

  it.each([
    ["ten characters", "dQw4w9WgXc"],
    ["twelve characters", "dQw4w9WgXcQQ"],
    ["a space", "dQw4w9 gXcQ"],
    ["a dot", "dQw4w9.gXcQ"],
    ["an accent", "dQw4w9WgXcé"],
    ["a line break at the end", `${VIDEO}\n`],
    ["a URL", `https://example.com/${VIDEO}`],
    ["nothing", ""],
  ])("refuses %s", (_name, id) => expect(isYouTubeVideoId(id)).toBe(false));
});

describe("linkIdError", () => {
  const spaces = "A rep code cannot contain spaces. Use _ or - instead, e.g. jane_d.";

  it("asks for the ID of each platform", () => {
    expect(linkIdError("youtube", " \t")).toBe("Please enter a video ID");
    expect(linkIdError("linkedin", "")).toBe("Please enter a rep code");
  });

  it.each(["jane d", " jane  d ", "jane\td", "jane\nd", "a\u00a0b"])(
    "refuses the rep code %j",
    (rep) => expect(linkIdError("linkedin", rep)).toBe(spaces),
  );

  it.each(["jane_d", "  jane-d  ", "\tjosé&co\n", "rep42"])(
    "takes the rep code %j once trimmed",
    (rep) => expect(linkIdError("linkedin", rep)).toBeUndefined(),
  );

  it("takes any YouTube value, spaces and all (the spec uses it as is)", () => {
    expect(linkIdError("youtube", "my video")).toBeUndefined();
    expect(linkIdError("youtube", `https://youtu.be/${VIDEO}`)).toBeUndefined();
  });
});

describe("linkIdWarning", () => {
  it("says nothing of a YouTube video ID or of a rep code", () => {
    expect(linkIdWarning("youtube", VIDEO)).toBeUndefined();
    expect(linkIdWarning("linkedin", "rep42")).toBeUndefined();
  });

  it.each(["my video", "dQw4w9WgXc", "https://example.com/watch?v=abc"])(
    "warns of the YouTube value %j, naming it",
    (id) =>
      expect(linkIdWarning("youtube", id)).toBe(
        `“${id}” does not look like a YouTube video ID (11 letters, digits, - or _). The links carry it as it is, so check it before sharing them.`,
      ),
  );
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
        id: " josé&co \n",
        destinations: ["application"],
      }),
    ).toEqual({ ok: true, platform: "linkedin", id: "josé&co", destinations: ["application"] });
  });

  it("refuses a rep code with spaces inside, with the destinations' error too", () => {
    expect(validateLinkRequest({ platform: "linkedin", id: " jane d ", destinations: [] })).toEqual(
      {
        ok: false,
        errors: {
          id: "A rep code cannot contain spaces. Use _ or - instead, e.g. jane_d.",
          destinations: "Please select at least one destination",
        },
      },
    );
  });

  it("makes the links of a YouTube value that is not a video ID (only a warning)", () => {
    expect(
      validateLinkRequest({ platform: "youtube", id: " my video ", destinations: ["application"] }),
    ).toEqual({ ok: true, platform: "youtube", id: "my video", destinations: ["application"] });
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
