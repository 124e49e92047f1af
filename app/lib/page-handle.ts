import type { UIMatch } from "react-router";

/**
 * What a route module tells the root through its `handle`. A static page (the home page, the
 * lead pages) works entirely in HTML: the root ships it no framework JavaScript, only the small
 * inline enhancement (app/enhance/enhance-page.ts), so it paints as fast as plain HTML.
 */
export interface PageHandle {
  hydrate?: false;
}

export const staticPage: PageHandle = { hydrate: false };

/** A page hydrates unless one of its routes says it needs no JavaScript. */
export function pageHydrates(matches: readonly UIMatch[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}
