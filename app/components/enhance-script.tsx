import { validation } from "~/content/forms";
import { leadToasts, resumeFileMessages } from "~/features/leads/lead-magnets.words";
import { nav, site } from "~/content/site";
import { RESUME_MAX_BYTES } from "~/features/uploads/resume-upload";
import { enhancePage, type EnhanceWords } from "~/enhance/enhance-page";
import { ANCHOR_SCROLL_DELAY_MS } from "~/lib/scroll";
import { DEFAULT_TOAST_MS } from "~/lib/toast";
import { BROWSER_ZONE_COOKIE } from "~/lib/browser-zone";

const words = (staticPage: boolean): EnhanceWords => ({
  staticPage,
  openMenu: nav.openMenu,
  closeMenu: nav.closeMenu,
  anchorDelayMs: ANCHOR_SCROLL_DELAY_MS,
  yearMessage: validation.graduationYear(Number.NaN).replace("NaN", "{year}"),
  // What the browser can tell from a file's name and size; its content is the server's to judge.
  resume: {
    maxBytes: RESUME_MAX_BYTES,
    missing: resumeFileMessages.missing,
    not_docx: resumeFileMessages.not_docx,
    too_large: resumeFileMessages.too_large,
  },
  toastMs: DEFAULT_TOAST_MS,
  zoneCookie: BROWSER_ZONE_COOKIE,
  errorToastMs: leadToasts.errorDurationMs,
  closeToast: site.closeToast,
});

/** Serialised once per kind of page: the same bytes on every response, so a hash can allow it. */
const call = (staticPage: boolean) =>
  `(${enhancePage.toString()})(${JSON.stringify(words(staticPage)).replaceAll("<", "\\u003c")})`;
const source = { static: call(true), hydrated: call(false) };

/** The page's inline enhancement (app/enhance/enhance-page.ts), at the end of <body>. */
export function EnhanceScript({ nonce, staticPage }: { nonce?: string; staticPage: boolean }) {
  return (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: staticPage ? source.static : source.hydrated }}
    />
  );
}
