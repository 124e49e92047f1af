import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { HomeStats, HomeTestimonials } from "../app/components/home-stories";
import { readHomeStories, type HomeStories } from "../app/outcomes/testimonials.server";
import type { Services } from "../app/services.server";
import { LINE_READ_LIMIT_MS } from "./home-cohort";
import type { LiveFragments } from "./prerendered-home";

/** The headline stats and the testimonials' grid for what the database says (null: the build's). */
export function storiesMarkup(stories: HomeStories | null): [string, string] {
  return [
    renderToStaticMarkup(createElement(HomeStats, { offerCount: stories?.offerCount ?? null })),
    renderToStaticMarkup(createElement(HomeTestimonials, { published: stories?.published ?? [] })),
  ];
}

/**
 * The home page's testimonials and headline stat as live fragments of the prerendered page
 * (decision 0047): the build rendered the written testimonials and "4+"; each request reads the
 * published testimonials and the owner's "show the count" setting (with the count of confirmed
 * offers) and gets both parts as the page's own components render them, so an approval, a
 * withdrawn consent or an erasure shows on the next request, on every instance. A database that
 * does not answer within the cohort line's limit costs the visitor the build's parts, never the
 * page. The markup of the last answer is kept: a request that reads the same rows renders nothing.
 */
export function homeStoriesFragments(
  services: Pick<Services, "db">,
  limitMs = LINE_READ_LIMIT_MS,
): LiveFragments {
  const fallbacks = storiesMarkup(null);
  let last: { key: string; markup: [string, string] } | null = null;
  const render = (stories: HomeStories) => {
    const key = JSON.stringify(stories);
    if (last?.key !== key) last = { key, markup: storiesMarkup(stories) };
    return last.markup;
  };
  return {
    fallbacks,
    async current() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<readonly string[]>((resolve) => {
        timer = setTimeout(() => resolve(fallbacks), limitMs);
      });
      try {
        return await Promise.race([readHomeStories(services.db).then(render), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
