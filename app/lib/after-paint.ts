/**
 * The type React Router's module script carries on a hydrated page until the first paint
 * (app/lib/defer-hydration.server.ts): an unknown type makes it an inert data block, which the
 * inline enhancement (app/enhance/enhance-page.ts) turns back into a module once the page has
 * painted.
 */
export const AFTER_PAINT_TYPE = "text/x-after-paint";
