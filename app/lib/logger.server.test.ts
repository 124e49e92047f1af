import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

/** A logger writing into an array, one entry per write. */
function captured(level?: string) {
  const writes: string[] = [];
  const logger = createLogger({ write: (chunk: string) => writes.push(chunk) }, level);
  return { logger, writes };
}

describe("log", () => {
  it("writes each call as one JSON line: time, level by name, msg and the fields", () => {
    const { logger, writes } = captured("info");
    logger.info("request", { path: "/", status: 200, skipped: undefined });
    logger.warn("slow", { ms: 900 });
    logger.error("failed");
    expect(writes).toHaveLength(3);
    for (const line of writes) expect(line).toMatch(/^\{[^\n]*\}\n$/);
    const [first, ...rest] = writes.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toEqual({
      time: expect.any(String),
      level: "info",
      msg: "request",
      path: "/",
      status: 200,
    });
    expect(new Date(first!.time as string).toISOString()).toBe(first!.time);
    expect(rest).toMatchObject([
      { level: "warn", msg: "slow", ms: 900 },
      { level: "error", msg: "failed" },
    ]);
  });

  it("writes nothing below its level, and nothing at all when silent", () => {
    const warn = captured("warn");
    warn.logger.info("quiet");
    warn.logger.warn("heard");
    expect(warn.writes.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(["heard"]);
    const silent = captured("silent");
    silent.logger.info("quiet");
    silent.logger.error("quiet");
    expect(silent.writes).toEqual([]);
  });

  it("takes its level from LOG_LEVEL", () => {
    // The test run sets LOG_LEVEL=silent (vitest.config.ts).
    expect(process.env.LOG_LEVEL).toBe("silent");
    const { logger, writes } = captured();
    logger.error("quiet");
    expect(writes).toEqual([]);
  });
});
