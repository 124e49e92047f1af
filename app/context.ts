import type { Attribution } from "./domain/utm";
import type { Services } from "./services.server";

/** What the Express server hands every loader and action. */
export interface RequestContext {
  services: Services;
  nonce: string;
  /** The signed anonymous visitor id from the cookie, or null when the browser sent none. */
  visitorId: string | null;
  attribution: Attribution | null;
  ip: string;
  secure: boolean;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
