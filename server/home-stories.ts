import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { HomeStats, HomeTestimonials } from "../app/features/site/home-stories";
import { readHomeStories, type HomeStories } from "../app/features/outcomes/testimonials.server";
import type { Services } from "../app/context";
import { LINE_READ_LIMIT_MS } from "./home-cohort";
import { liveFragments, type LiveFragments } from "./prerendered-home";

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
 * withdrawn consent or an erasure shows on the next request, on every instance.
 */
export function homeStoriesFragments(
  services: Pick<Services, "db">,
  limitMs = LINE_READ_LIMIT_MS,
): LiveFragments {
  return liveFragments({
    read: () => readHomeStories(services.db),
    render: storiesMarkup,
    limitMs,
  });
}
