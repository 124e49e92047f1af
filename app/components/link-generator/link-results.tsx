import { useRef, type ReactNode, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Card, cardVariants } from "~/components/ui/card";
import { Input, Label, Textarea } from "~/components/ui/input";
import { linkGeneratorPage as copy, linkPlatforms } from "~/content/link-destinations";
import type { GeneratedLink, LinkResult } from "~/domain/links";
import { copyAndTell, type TextField } from "./copy-text";
import { QrCode, useQrCodes } from "./qr-code";

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
            svg={qrCodes[link.key]}
            hydrated={hydrated}
            baseId={baseId}
          />
        ))}
      </ul>
      {result.cta !== null && (
        <CtaBlock
          cta={result.cta}
          rows={Math.min(20, result.links.length * 4)}
          hydrated={hydrated}
          baseId={baseId}
        />
      )}
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
  svg,
  hydrated,
  baseId,
}: {
  link: GeneratedLink;
  svg: string | undefined;
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
        {hydrated && <QrCode link={link} svg={svg} />}
      </div>
    </li>
  );
}

function CtaBlock({
  cta,
  rows,
  hydrated,
  baseId,
}: {
  cta: string;
  rows: number;
  hydrated: boolean;
  baseId: string;
}) {
  const ctaRef = useRef<HTMLTextAreaElement>(null);
  const ctaId = `${baseId}-cta`;
  return (
    <Card padding="md" className="mt-8">
      <h3 className="text-lg font-semibold text-brand-900">{copy.ctaTitle}</h3>
      <Label htmlFor={ctaId} className="mt-1 font-normal text-slate-600">
        {copy.ctaLabel}
      </Label>
      <Textarea
        ref={ctaRef}
        id={ctaId}
        readOnly
        value={cta}
        rows={rows}
        onFocus={selectAll}
        className="mt-2 font-mono text-sm"
      />
      <CopyButton
        text={cta}
        fieldRef={ctaRef}
        hydrated={hydrated}
        className="mt-3 w-full sm:w-auto"
      >
        {copy.copyCta}
      </CopyButton>
    </Card>
  );
}
