import { describe, expect, it } from "vitest";
import { capTouch, classifyView, NO_TOUCH, type ViewRequest } from "./page-view";

const now = new Date("2026-11-22T12:00:00Z");
const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const request = (over: Partial<ViewRequest> = {}): ViewRequest => ({
  url: "/",
  status: 200,
  userAgent: BROWSER,
  referrer: undefined,
  siteHost: "fromscratchtosuccess.com",
  doNotTrack: false,
  admin: false,
  visitorId: "11111111-1111-1111-1111-111111111111",
  attribution: null,
  ...over,
});

describe("classifyView", () => {
  it("records a landing with its path, tags, outside referrer and the browser's first touch", () => {
    const view = classifyView(
      request({
        url: "/resume-template?utm_source=youtube&utm_term=yt_abc&vid=abc",
        referrer: "https://www.youtube.com/watch?v=abc",
        attribution: { first: { utm_source: "linkedin" }, last: { utm_source: "youtube" } },
      }),
      now,
    );
    expect(view).toMatchObject({
      path: "/resume-template",
      entry: true,
      referrerHost: "www.youtube.com",
      counted: true,
      landing: { source: "youtube", term: "yt_abc", vid: "abc" },
      firstTouch: { source: "linkedin" },
    });
  });

  it("counts nothing for bots, the owner, errors, posts' pages or private paths", () => {
    expect(classifyView(request({ userAgent: "Googlebot/2.1" }), now)).toBeNull();
    expect(classifyView(request({ userAgent: undefined }), now)).toBeNull();
    expect(classifyView(request({ admin: true }), now)).toBeNull();
    expect(classifyView(request({ status: 404 }), now)).toBeNull();
    expect(classifyView(request({ url: "/admin/people" }), now)).toBeNull();
    expect(classifyView(request({ url: "/download/token" }), now)).toBeNull();
    expect(classifyView(request({ url: "/unsubscribe/token" }), now)).toBeNull();
  });

  it("keeps a personal token out of the path", () => {
    expect(classifyView(request({ url: "/offers/abc123" }), now)?.path).toBe("/offers");
  });

  it("drops the visitor id when the browser asks not to be tracked", () => {
    const view = classifyView(request({ doNotTrack: true }), now);
    expect(view).toMatchObject({ visitorId: null, counted: true });
  });

  it("counts a data request from another page as a view of its page, from the same page not", () => {
    const site = "https://fromscratchtosuccess.com";
    const moved = classifyView(request({ url: "/apply.data", referrer: `${site}/` }), now);
    expect(moved).toMatchObject({
      path: "/apply",
      counted: true,
      entry: false,
      referrerHost: null,
    });
    const home = classifyView(request({ url: "/_root.data", referrer: `${site}/apply` }), now);
    expect(home).toMatchObject({ path: "/", counted: true });
    const same = classifyView(request({ url: "/apply.data", referrer: `${site}/apply` }), now);
    expect(same).toMatchObject({ counted: false });
    expect(
      classifyView(
        request({ url: "/apply.data", referrer: `${site}/apply`, doNotTrack: true }),
        now,
      ),
    ).toBeNull();
  });
});

describe("bounded fields (issue 31)", () => {
  const bytes = (value: string) => new TextEncoder().encode(value).length;

  it("cuts every tag to 200 bytes, in the landing and in the first touch from the cookie", () => {
    const long = "漢".repeat(200);
    const view = classifyView(
      request({
        url: `/?utm_source=${encodeURIComponent(long)}&utm_term=${"t".repeat(900)}`,
        attribution: { first: { utm_campaign: long, videoId: long }, last: {} },
      }),
      now,
    )!;
    expect(view.landing.source).toBe("漢".repeat(66));
    expect(view.landing.term).toBe("t".repeat(200));
    for (const touch of [view.landing, view.firstTouch])
      for (const value of Object.values(touch)) expect(bytes(value)).toBeLessThanOrEqual(200);
    expect(capTouch({ ...NO_TOUCH, vid: "😀".repeat(100) }).vid).toBe("😀".repeat(50));
  });

  it("stores no referrer host longer than a host name can be (253 bytes)", () => {
    const of = (host: string) =>
      classifyView(request({ referrer: `https://${host}/${"p".repeat(8000)}` }), now)!.referrerHost;
    expect(of(`${"h".repeat(14_000)}.example`)).toBeNull();
    const longest = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    expect(of(longest)).toBe(longest);
    expect(of(`x${longest}`)).toBeNull();
  });
});
