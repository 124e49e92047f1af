import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Loaders and actions get a RouterContextProvider: per-request values through createContext
  // (decision 0060).
  future: { v8_middleware: true },
} satisfies Config;
