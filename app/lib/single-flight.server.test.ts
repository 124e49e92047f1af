import { describe, expect, it, vi } from "vitest";
import { log } from "./logger.server";
import { SingleFlight } from "./single-flight.server";

/** A job whose runs each wait until the test lets them finish. */
function gatedJob() {
  const releases: (() => void)[] = [];
  let started = 0;
  const job = new SingleFlight(() => {
    started += 1;
    return new Promise<number>((resolve) => releases.push(() => resolve(started)));
  }, "test job failed");
  return { job, started: () => started, finish: () => releases.shift()?.() };
}

describe("SingleFlight", () => {
  it("gives a run asked for while one is in progress that same run, and a new one after", async () => {
    const { job, started, finish } = gatedJob();
    const first = job.run();
    expect(job.run()).toBe(first);
    expect(job.inProgress).toBe(first);
    finish();
    expect(await first).toBe(1);
    expect(job.inProgress).toBeNull();

    const next = job.run();
    expect(next).not.toBe(first);
    finish();
    expect(await next).toBe(2);
    expect(started()).toBe(2);
  });

  it("skips a tick while a run is in progress", async () => {
    const { job, started, finish } = gatedJob();
    const run = job.run();
    await job.tick();
    expect(started()).toBe(1);
    finish();
    await run;
  });

  it("logs a failed tick instead of throwing, and lets the next run start", async () => {
    let calls = 0;
    const job = new SingleFlight(async () => {
      calls += 1;
      if (calls === 1) throw new Error("boom");
      return calls;
    }, "test job failed");
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    await expect(job.tick()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith("test job failed", { error: "boom" });
    logged.mockRestore();
    expect(await job.run()).toBe(2);
  });
});
