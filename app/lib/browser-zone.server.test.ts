import { describe, expect, it } from "vitest";
import { browserZoneCookieName, readBrowserZone } from "./browser-zone.server";

const request = (cookie: string | null) =>
  new Request("http://localhost/portal", cookie === null ? {} : { headers: { cookie } });

describe("readBrowserZone", () => {
  it("reads a real zone, percent-encoded as the enhancement writes it", () => {
    expect(readBrowserZone(request("a=1; fsts_tz=Europe%2FLondon"))).toBe("Europe/London");
    expect(readBrowserZone(request("fsts_tz=America/Argentina/Buenos_Aires"))).toBe(
      "America/Argentina/Buenos_Aires",
    );
  });
  it("reads the __Host- name on https only", () => {
    const header = `${browserZoneCookieName(true)}=Asia%2FTokyo`;
    expect(readBrowserZone(request(header), true)).toBe("Asia/Tokyo");
    expect(readBrowserZone(request(header), false)).toBeNull();
  });
  it("refuses what is not a real zone, changing nothing", () => {
    for (const value of [
      "",
      "Mars%2FOlympus",
      "%2B01%3A00",
      "EST5EDT%3Cscript",
      "%E0%A4%A",
      "x".repeat(101),
    ])
      expect(readBrowserZone(request(`fsts_tz=${value}`)), value).toBeNull();
    expect(readBrowserZone(request(null))).toBeNull();
  });
});
