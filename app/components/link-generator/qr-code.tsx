import { useEffect, useState } from "react";
import type { QRCodeToStringOptions } from "qrcode";
import { linkVariants } from "~/components/ui/link";
import { linkGeneratorPage as copy } from "~/content/link-destinations";
import type { GeneratedLink } from "~/domain/links";

const QR_OPTIONS: QRCodeToStringOptions = { type: "svg", margin: 2, errorCorrectionLevel: "M" };

function svgDataUrl(svg: string) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

async function drawQrCodes(links: readonly GeneratedLink[]) {
  const QRCode = await import("qrcode");
  const svgs: Record<string, string> = {};
  await Promise.all(
    links.map(async (link) => {
      svgs[link.key] = await QRCode.toString(link.url, QR_OPTIONS);
    }),
  );
  return svgs;
}

/**
 * Each link's QR code (SVG) by destination key, once drawn. They are drawn in the browser only,
 * after the links arrive: the server never loads the library, and a page without JavaScript
 * simply has none.
 */
export function useQrCodes(links: readonly GeneratedLink[]): Record<string, string> {
  const [drawn, setDrawn] = useState<{
    links: readonly GeneratedLink[];
    svgs: Record<string, string>;
  } | null>(null);
  useEffect(() => {
    let current = true;
    drawQrCodes(links)
      .then((svgs) => {
        if (current) setDrawn({ links, svgs });
      })
      .catch((error: unknown) => console.warn("QR code generation failed", error));
    return () => {
      current = false;
    };
  }, [links]);
  // Codes drawn for earlier links are never shown next to newer ones.
  return drawn?.links === links ? drawn.svgs : {};
}

/** A link's QR code and its download, or a placeholder while it is drawn. */
export function QrCode({ link, svg }: { link: GeneratedLink; svg: string | undefined }) {
  if (!svg) {
    return (
      <div
        className="flex h-24 w-24 items-center justify-center rounded border border-dashed border-slate-300 text-center text-xs text-slate-600"
        aria-hidden="true"
      >
        {copy.qrPending}
      </div>
    );
  }
  const dataUrl = svgDataUrl(svg);
  return (
    <div className="flex items-center gap-3 sm:flex-col sm:items-center">
      <img
        src={dataUrl}
        alt={copy.qrAlt(link.label)}
        width={96}
        height={96}
        className="h-24 w-24 rounded border border-slate-200 bg-white"
      />
      <a href={dataUrl} download={`qr-${link.key}.svg`} className={linkVariants({ size: "sm" })}>
        {copy.downloadQr}
        <span className="sr-only">{copy.downloadQrSuffix(link.label)}</span>
      </a>
    </div>
  );
}
