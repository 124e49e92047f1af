import { site } from "~/content/site";

/** A page's title and description; every page has both (search engines and link previews). */
export function pageMeta(title: string, description: string = site.description) {
  return [{ title: `${title} | ${site.name}` }, { name: "description", content: description }];
}

/** A console page's title; the admin layout keeps every console page out of search engines. */
export function adminMeta(title: string) {
  return [{ title: `${title} | ${site.name}` }];
}
