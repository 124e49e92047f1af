import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";
import { footer, site } from "~/content/site";
import { useGoToSection, type ScrollTarget } from "~/lib/scroll";

export function SiteFooter() {
  const goTo = useGoToSection();
  const onSection = (target: ScrollTarget) => (event: MouseEvent) => {
    event.preventDefault();
    goTo(target);
  };
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
            <a href="/#program" onClick={onSection("program")} className={linkClass}>
              {footer.programDetails}
            </a>
          </li>
          <li>
            <a href="/#testimonials" onClick={onSection("testimonials")} className={linkClass}>
              {footer.successStories}
            </a>
          </li>
          <li>
            <Link to="/apply" className={linkClass}>
              {footer.applyNow}
            </Link>
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
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-slate-300 md:flex-row md:justify-between">
          <p>{footer.copyright(2026)}</p>
          <p className="flex gap-4">
            <Link to="/privacy" className={linkClass}>
              {footer.privacy}
            </Link>
            {/* A placeholder until the owner publishes the terms (spec §2). */}
            <a href="#" onClick={(event) => event.preventDefault()} className={linkClass}>
              {footer.terms}
            </a>
          </p>
        </div>
      </div>
    </footer>
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
