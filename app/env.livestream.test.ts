import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

/** LIVESTREAM_TIME and LIVESTREAM_URL (the rest of the configuration: env.server.test.ts). */
describe("livestream configuration", () => {
  const base = { NODE_ENV: "test", SESSION_SECRET: "s".repeat(32), DATA_DIR: "./data-unused" };

  it("defaults to 7 PM on the channel's live page", () => {
    const config = loadConfig(base);
    expect(config.livestreamTime).toBe("19:00");
    expect(config.livestreamUrl).toBe("https://www.youtube.com/@fromscratchtosuccess/live");
    expect(config.siteTimeZone).toBe("America/New_York");
  });

  it("takes a 24-hour HH:MM time and an absolute URL, and names the variable otherwise", () => {
    const config = loadConfig({
      ...base,
      LIVESTREAM_TIME: "18:30",
      LIVESTREAM_URL: "https://stream.example.com/live",
    });
    expect([config.livestreamTime, config.livestreamUrl]).toEqual([
      "18:30",
      "https://stream.example.com/live",
    ]);
    for (const time of ["7pm", "7:00", "24:00", "19:60"]) {
      expect(() => loadConfig({ ...base, LIVESTREAM_TIME: time })).toThrow(
        /LIVESTREAM_TIME: must be a 24-hour time/,
      );
    }
    expect(() => loadConfig({ ...base, LIVESTREAM_URL: "youtube" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, LIVESTREAM_URL: "youtube" })).toThrow(/LIVESTREAM_URL/);
  });
});
