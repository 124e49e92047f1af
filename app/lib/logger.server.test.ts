import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "./logger.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("log", () => {
  let level: string | undefined;
  beforeEach(() => {
    level = process.env.LOG_LEVEL;
    delete process.env.LOG_LEVEL;
  });
  afterEach(() => {
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
    vi.restoreAllMocks();
  });

  it("writes the info lines of one turn of the event loop in one write, one JSON object a line", async () => {
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    log.info("request", { path: "/", status: 200 });
    log.warn("slow", { ms: 900 });
    expect(stdout).not.toHaveBeenCalled();
    await nextTurn();
    expect(stdout).toHaveBeenCalledTimes(1);
    const lines = String(stdout.mock.calls[0]![0]).trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { level: "info", msg: "request", path: "/", status: 200 },
      { level: "warn", msg: "slow", ms: 900 },
    ]);
  });

  it("writes an error at once, after the lines waiting before it", () => {
    const order: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      order.push(`out ${String(chunk).trim()}`);
      return true;
    });
    vi.spyOn(console, "error").mockImplementation((line: string) => order.push(`err ${line}`));
    log.info("first");
    log.error("second");
    expect(order.map((entry) => entry.replace(/\{.*"msg":"(\w+)".*\}/, "$1"))).toEqual([
      "out first",
      "err second",
    ]);
  });

  it("writes nothing with LOG_LEVEL=silent", async () => {
    process.env.LOG_LEVEL = "silent";
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const stderr = vi.spyOn(console, "error").mockImplementation(() => undefined);
    log.info("quiet");
    log.error("quiet");
    await nextTurn();
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });
});
