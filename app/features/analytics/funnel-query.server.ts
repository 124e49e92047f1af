import type { AppContext } from "~/context";
import { funnelText } from "./funnel.words";
import { readFunnelQuery, type FunnelQueryResult } from "./funnel";

/** The funnel page's and the CSV's period and grouping, read from the request's query. */
export function funnelQueryOf(request: Request, context: AppContext): FunnelQueryResult {
  const today = context.services.clock.now().toISOString().slice(0, 10);
  return readFunnelQuery(new URL(request.url).searchParams, today, funnelText.errors);
}
