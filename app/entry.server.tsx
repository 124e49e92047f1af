import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type RouterContextProvider,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { errorMessage, log } from "./lib/logger.server";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 5_000;

/** React Router's own server entry (streaming; the whole page at once for bots), with the nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, the error rejects the promise and reaches handleError instead.
          if (shellRendered) logError(error, loadContext?.requestId);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * What React Router catches on the server (a loader, an action, a render) goes to the log as the
 * errors Express sees do (server/request-log.ts: answerError): one line under the request's id,
 * with the error's message only, never the request, its query or its form. Nothing for a request
 * the browser gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logError(error, context?.requestId);
};

function logError(error: unknown, requestId: string | undefined) {
  // A route error response made from an error (a loader's throw) carries that error.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  log.error("request failed", { requestId, error: errorMessage(cause) });
}
