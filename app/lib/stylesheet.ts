import inlineStylesheet from "../app.css?inline";
import stylesheetHref from "../app.css?url";

/**
 * The site's one stylesheet, twice: its text, which every page carries inline cut down to the rules
 * its markup uses (app/lib/critical-css.server.ts), and its address, which the page's enhancement
 * loads whole after the first paint (cached) for what scripts add later. The browser bundle never
 * needs the text (hydration keeps what the server wrote).
 */
export const stylesheet = import.meta.env.SSR ? inlineStylesheet : "";
export { stylesheetHref };
