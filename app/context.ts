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
  /** The request's id (its X-Request-Id and every log line about it: server/request-log.ts). */
  requestId: string;
  /**
   * Set by an action that answers on its own page instead of redirecting (a refused Enroll post):
   * React Router then runs the page's loader in the same request, with this same context.
   */
  answeredByAction?: boolean;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
