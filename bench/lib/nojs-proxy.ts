import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

export interface NoJsProxy {
  url: string;
  close(): Promise<void>;
}

const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-encoding",
  "content-length",
  "etag",
]);

/** The same HTML without any script and without module preloads: the limit for that page. */
function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/**
 * A small proxy on 127.0.0.1 in front of the app: every request goes through to it; an HTML
 * answer comes back without its scripts and module preloads (`stripScripts`), and HTML, CSS and
 * JavaScript are gzipped here (the upstream is asked for identity), so both sides of the
 * comparison carry compressed text.
 */
export async function startNoJsProxy(upstream: string): Promise<NoJsProxy> {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: target.host, "accept-encoding": "identity" };
    const forward = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          let body = Buffer.concat(chunks);
          const type = String(answer.headers["content-type"] ?? "");
          if (type.startsWith("text/html")) body = Buffer.from(stripScripts(body.toString("utf8")));
          const out: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_HEADERS.has(name) && value !== undefined) out[name] = value;
          if (/^(text\/|application\/javascript)/.test(type)) {
            body = gzipSync(body);
            out["content-encoding"] = "gzip";
          }
          out["content-length"] = body.length;
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(body);
        });
        answer.on("error", () => res.destroy());
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
