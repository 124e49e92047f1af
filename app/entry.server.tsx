import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { pipeline } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { inlineUsedCssStream } from "./lib/critical-css.server";
import { deferHydration } from "./lib/defer-hydration.server";
import { NonceContext, PRERENDER_NONCE } from "./lib/nonce";
import { stylesheet } from "./lib/stylesheet";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // At build time (prerender) there is no Express context: render a placeholder the server swaps.
  const nonce = loadContext?.nonce ?? PRERENDER_NONCE;
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
          // Scripts after the first paint (defer-hydration.server.ts); the document leaves whole,
          // with only the CSS its markup uses (critical-css.server.ts).
          const body = deferHydration();
          const stream = createReadableStreamFromReadable(
            pipeline(body, inlineUsedCssStream(stylesheet), () => {}),
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
