// The framework's own ceiling for GET / (bench/lib/nginx.ts): Express with no middleware at all,
// sending the home page's gzipped bytes (as nginx serves them) from memory, with no work per request.
// Run as its own process: `node --import tsx bench/lib/bare-express.ts <port> <index.html.gz>`.
import express from "express";
import { readFileSync } from "node:fs";

const [port, file] = process.argv.slice(2);
const body = readFileSync(file!);
const app = express();
app.disable("x-powered-by");
app.get("/", (_req, res) => {
  res.set({
    "Cache-Control": "no-cache",
    "Content-Type": "text/html; charset=utf-8",
    "Content-Encoding": "gzip",
    Vary: "Accept-Encoding",
    ETag: '"home"',
  });
  res.send(body);
});
app.listen(Number(port), "127.0.0.1");
