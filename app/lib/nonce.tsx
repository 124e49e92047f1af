import { createContext, useContext } from "react";

/** Rendered into the prerendered home page and swapped for each response's own nonce. */
export const PRERENDER_NONCE = "__FSTS_PRERENDER_NONCE__";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
