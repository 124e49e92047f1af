import type { ReactNode } from "react";
import { linkVariants } from "~/components/ui/link";
import { footer, site } from "~/content/site";

export function SiteFooter() {
  const linkClass = linkVariants({ tone: "inverse", weight: "normal" });
  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm text-slate-300">{site.tagline}</p>
        </div>
        <FooterLinks title={footer.quickLinks}>
          <li>
            <a href="/#program" className={linkClass}>
              {footer.programDetails}
            </a>
          </li>
          <li>
            <a href="/#testimonials" className={linkClass}>
              {footer.successStories}
            </a>
          </li>
          <li>
            <a href="/apply" className={linkClass}>
              {footer.applyNow}
            </a>
          </li>
        </FooterLinks>
        <FooterLinks title={footer.connect}>
          <li>
            <a
              href={site.videoChannelUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
            >
              {footer.videoChannel}
            </a>
          </li>
          <li>
            <a href={`mailto:${site.contactEmail}`} className={linkClass}>
              {footer.contact}
            </a>
          </li>
        </FooterLinks>
      </div>
      <div className="border-t border-white/10">
        <LegalBar />
      </div>
    </footer>
  );
}

/**
 * The footer of the portal and the console: the signed-in reader has no use for the marketing
 * links (no "Apply Now"); the contact address and the legal links stay.
 */
export function SignedInFooter() {
  return (
    <footer className="bg-brand-900 text-slate-200" data-testid="signed-in-footer">
      <LegalBar withContact />
    </footer>
  );
}

/** The footer's bottom line: the copyright and the legal links (and the contact address). */
function LegalBar({ withContact = false }: { withContact?: boolean }) {
  const linkClass = linkVariants({ tone: "inverse", weight: "normal" });
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-slate-300 md:flex-row md:justify-between">
      <p>{footer.copyright(2026)}</p>
      <p className="flex flex-wrap gap-4">
        {withContact && (
          <a href={`mailto:${site.contactEmail}`} className={linkClass}>
            {footer.contact}
          </a>
        )}
        <a href="/privacy" className={linkClass}>
          {footer.privacy}
        </a>
        <a href="/terms" className={linkClass}>
          {footer.terms}
        </a>
      </p>
    </div>
  );
}

/** A titled column of footer links; its children are the list items. */
function FooterLinks({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </div>
  );
}
