/**
 * Landing on a home-page anchor from another page: the browser lands on it as the page loads
 * (CSS `scroll-behavior` and `scroll-margin-top` in app.css), and the page's enhancement scrolls
 * to it again after this delay, once the layout has settled. The top needs no second scroll.
 */
export const ANCHOR_SCROLL_DELAY_MS = 100;
export const TOP_SCROLL_DELAY_MS = 0;
