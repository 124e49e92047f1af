import type { Config } from "@react-router/dev/config";
import path from "node:path";
import { precompressHome } from "./server/prerendered-home";

export default {
  ssr: true,
  // The home page is pure marketing copy: render it once at build time.
  prerender: ["/"],
  // ...and make it a file: hashes instead of a nonce, compressed once (server/prerendered-home.ts).
  buildEnd({ reactRouterConfig }) {
    precompressHome(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
