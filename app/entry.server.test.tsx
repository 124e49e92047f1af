import type { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";
import { log } from "./lib/logger.server";

type Args = Parameters<typeof handleError>[1];

/** A failed request to a page, with a form value in its query that must not reach the log. */
function args(signal?: AbortSignal): Args {
  const request = new Request("http://localhost/apply?email=someone%40example.com", { signal });
  const context = { requestId: "request-7" } as RouterContextProvider;
  return { request, params: {}, context } as unknown as Args;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("handleError: what React Router catches on the server", () => {
  it("goes to the logger under the request's id, with the error's message only", () => {
    const logError = vi.spyOn(log, "error").mockImplementation(() => {});
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new Error("database is locked"), args());
    expect(logError).toHaveBeenCalledExactlyOnceWith("request failed", {
      requestId: "request-7",
      error: "database is locked",
    });
    expect(JSON.stringify(logError.mock.calls)).not.toContain("someone");
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("logs the error a route error response was made from", () => {
    const logError = vi.spyOn(log, "error").mockImplementation(() => {});
    const response = {
      status: 500,
      statusText: "Internal Server Error",
      internal: true,
      data: "Error: render failed",
      error: new Error("render failed"),
    };
    handleError(response, args());
    expect(logError).toHaveBeenCalledWith("request failed", {
      requestId: "request-7",
      error: "render failed",
    });
  });

  it("logs nothing for a request the browser gave up on", () => {
    const logError = vi.spyOn(log, "error").mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), args(controller.signal));
    expect(logError).not.toHaveBeenCalled();
  });
});
