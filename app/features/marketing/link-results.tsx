import { useRef, type ReactNode, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Card, cardVariants } from "~/components/ui/card";
import { Input, Label, Textarea } from "~/components/ui/input";
import {
  linkGeneratorPage as copy,
  linkPasteBlocks,
  linkPlatforms,
  type LinkPlatform,
} from "./link-destinations.words";
import { qrFileName, type GeneratedLink, type LinkResult } from "./links";
import { copyAndTell, type TextField } from "./copy-text";
import { QrCode, useQrCodes, type QrImages } from "./qr-code";

/**
 * The generated links, rendered by the server so they show without JavaScript; in the browser
 * Copy buttons and QR codes join them.
 */
export function LinkResults({
  result,
  hydrated,
  baseId,
}: {
  result: LinkResult;
  hydrated: boolean;
  baseId: string;
}) {
  const qrCodes = useQrCodes(result.links);
  const titleId = `${baseId}-results-title`;
  return (
    <section className="mt-10" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-2xl font-bold text-brand-900">
        {copy.resultsTitle}
      </h2>
      <p className="mt-1 break-all text-sm text-slate-600">
        {linkPlatforms[result.platform].summary(result.id)}
      </p>
      <ul className="mt-5 space-y-4">
        {result.links.map((link) => (
          <LinkRow
            key={link.key}
            link={link}
            qr={qrCodes[link.key]}
            qrFileName={qrFileName(link.key, result.id)}
            hydrated={hydrated}
            baseId={baseId}
          />
        ))}
      </ul>
      <PasteBlock
        platform={result.platform}
        text={result.block}
        linkCount={result.links.length}
        hydrated={hydrated}
        baseId={baseId}
      />
    </section>
  );
}

/** Copy, once the page can run it; until then the read-only field can be selected by hand. */
function CopyButton({
  text,
  fieldRef,
  hydrated,
  className,
  children,
}: {
  text: string;
  fieldRef: RefObject<TextField | null>;
  hydrated: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (!hydrated) return null;
  return (
    <Button
      variant="outline"
      size="touch"
      onClick={() => void copyAndTell(text, fieldRef.current)}
      className={className}
    >
      {children}
    </Button>
  );
}

const selectAll = (event: { currentTarget: TextField }) => event.currentTarget.select();

function LinkRow({
  link,
  qr,
  qrFileName,
  hydrated,
  baseId,
}: {
  link: GeneratedLink;
  qr: QrImages | undefined;
  qrFileName: string;
  hydrated: boolean;
  baseId: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${baseId}-link-${link.key}`;
  return (
    <li data-destination={link.key} className={cardVariants({ padding: "sm" })}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Label htmlFor={inputId} className="text-base font-semibold text-slate-900">
            {link.label}
          </Label>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <Input
              ref={inputRef}
              id={inputId}
              type="text"
              readOnly
              value={link.url}
              onFocus={selectAll}
              className="mt-0 min-w-0 flex-1 font-mono text-sm"
            />
            <CopyButton
              text={link.url}
              fieldRef={inputRef}
              hydrated={hydrated}
              className="shrink-0"
            >
              {copy.copy}
              <span className="sr-only">{copy.copyLinkSuffix(link.label)}</span>
            </CopyButton>
          </div>
        </div>
        {hydrated && <QrCode link={link} images={qr} fileName={qrFileName} />}
      </div>
    </li>
  );
}

/** The platform's ready-to-paste block (YouTube's CTA block, LinkedIn's message) and its Copy. */
function PasteBlock({
  platform,
  text,
  linkCount,
  hydrated,
  baseId,
}: {
  platform: LinkPlatform;
  text: string;
  linkCount: number;
  hydrated: boolean;
  baseId: string;
}) {
  const words = linkPasteBlocks[platform];
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = `${baseId}-block`;
  return (
    <Card padding="md" className="mt-8" data-block={platform}>
      <h3 className="text-lg font-semibold text-brand-900">{words.title}</h3>
      <Label htmlFor={fieldId} className="mt-1 font-normal text-slate-600">
        {words.label}
      </Label>
      <Textarea
        ref={fieldRef}
        id={fieldId}
        readOnly
        value={text}
        // Room for each line, and for each link wrapping onto two more.
        rows={Math.min(20, text.split("\n").length + 2 * linkCount)}
        onFocus={selectAll}
        className="mt-2 font-mono text-sm"
      />
      <CopyButton
        text={text}
        fieldRef={fieldRef}
        hydrated={hydrated}
        className="mt-3 w-full sm:w-auto"
      >
        {words.copy}
      </CopyButton>
    </Card>
  );
}
