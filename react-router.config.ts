import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The home page is pure marketing copy: render it once at build time.
  prerender: ["/"],
} satisfies Config;
