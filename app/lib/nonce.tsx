import { createContext, useContext } from "react";

/** Rendered into the prerendered home page; the build removes it and allows its scripts by hash. */
export const PRERENDER_NONCE = "__FSTS_PRERENDER_NONCE__";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
