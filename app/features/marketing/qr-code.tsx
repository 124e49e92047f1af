import { useEffect, useState } from "react";
import type { QRCodeRenderersOptions, QRCodeToStringOptions } from "qrcode";
import { linkVariants } from "~/components/ui/link";
import { linkGeneratorPage as copy } from "./link-destinations.words";
import type { GeneratedLink } from "./links";

const QR_CODE = { margin: 2, errorCorrectionLevel: "M" } as const;
const SVG_OPTIONS: QRCodeToStringOptions = { ...QR_CODE, type: "svg" };
/** Ten pixels a module: a sharp image to drop into a post, a slide or print. */
const PNG_OPTIONS: QRCodeRenderersOptions = { ...QR_CODE, scale: 10 };

/** A link's QR code: an SVG to show on the page, a PNG (data URL) to download. */
export interface QrImages {
  svg: string;
  png: string;
}

function svgDataUrl(svg: string) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

async function drawQrCodes(links: readonly GeneratedLink[]) {
  const QRCode = await import("qrcode");
  const images: Record<string, QrImages> = {};
  await Promise.all(
    links.map(async (link) => {
      const [svg, png] = await Promise.all([
        QRCode.toString(link.url, SVG_OPTIONS),
        QRCode.toDataURL(link.url, { ...PNG_OPTIONS, type: "image/png" }),
      ]);
      images[link.key] = { svg: svgDataUrl(svg), png };
    }),
  );
  return images;
}

/**
 * Each link's QR code by destination key, once drawn. They are drawn in the browser only, after
 * the links arrive: the server never loads the library, and a page without JavaScript simply has
 * none.
 */
export function useQrCodes(links: readonly GeneratedLink[]): Record<string, QrImages> {
  const [drawn, setDrawn] = useState<{
    links: readonly GeneratedLink[];
    images: Record<string, QrImages>;
  } | null>(null);
  useEffect(() => {
    let current = true;
    drawQrCodes(links)
      .then((images) => {
        if (current) setDrawn({ links, images });
      })
      // In the browser, where the server's log cannot be written; the placeholder stays.
      // eslint-disable-next-line no-console
      .catch((error: unknown) => console.warn("QR code generation failed", error));
    return () => {
      current = false;
    };
  }, [links]);
  // Codes drawn for earlier links are never shown next to newer ones.
  return drawn?.links === links ? drawn.images : {};
}

/** A link's QR code and its PNG download, or a placeholder while it is drawn. */
export function QrCode({
  link,
  images,
  fileName,
}: {
  link: GeneratedLink;
  images: QrImages | undefined;
  fileName: string;
}) {
  if (!images) {
    return (
      <div
        className="flex h-24 w-24 items-center justify-center rounded border border-dashed border-slate-300 text-center text-xs text-slate-600"
        aria-hidden="true"
      >
        {copy.qrPending}
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 sm:flex-col sm:items-center">
      <img
        src={images.svg}
        alt={copy.qrAlt(link.label)}
        width={96}
        height={96}
        className="h-24 w-24 rounded border border-slate-200 bg-white"
      />
      <a href={images.png} download={fileName} className={linkVariants({ size: "sm" })}>
        {copy.downloadQr}
        <span className="sr-only">{copy.downloadQrSuffix(link.label)}</span>
      </a>
    </div>
  );
}
