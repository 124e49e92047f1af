import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { pageMeta } from "~/lib/meta";
import {
  destinationKeys,
  linkDestinations,
  linkGeneratorPage as copy,
  linkPlatformKeys,
  linkPlatforms,
  type DestinationKey,
  type LinkPlatform,
} from "~/content/link-destinations";
import { buildCtaBlock, buildLinks, validateLinkRequest, type GeneratedLink } from "~/domain/links";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/link-generator";

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.services.config.publicUrl };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta(copy.metaTitle, copy.metaDescription),
  { name: "robots", content: "noindex" },
];

interface Results {
  /** Bumped on every successful Generate so the result list is rebuilt from scratch. */
  run: number;
  platform: LinkPlatform;
  id: string;
  links: GeneratedLink[];
  cta: string | null;
}

type FieldErrors = { id?: string; destinations?: string };

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const secondaryButtonClass = `${buttonClass} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`;

/** Copies through the Clipboard API, or by selecting the field's text where that is missing. */
async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, insecure context): fall back to selecting the text.
    }
  }
  if (!field) return false;
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  field.focus();
  field.select();
  let copied: boolean;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  previous?.focus();
  return copied;
}

async function copyAndTell(text: string, field: HTMLInputElement | HTMLTextAreaElement | null) {
  if (await copyText(text, field)) {
    showToast({ title: copy.toast.copiedTitle, description: copy.toast.copiedDescription });
  } else {
    showToast({
      title: copy.toast.failedTitle,
      description: copy.toast.failedDescription,
      variant: "destructive",
    });
  }
}

function svgDataUrl(svg: string) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** QR codes are drawn in the browser only, after Generate; the server never loads the library. */
async function makeQrCodes(links: GeneratedLink[]): Promise<Record<string, string>> {
  const QRCode = await import("qrcode");
  const entries = await Promise.all(
    links.map(
      async (link) =>
        [
          link.key,
          await QRCode.toString(link.url, { type: "svg", margin: 2, errorCorrectionLevel: "M" }),
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}

export default function LinkGenerator({ loaderData }: Route.ComponentProps) {
  const { publicUrl } = loaderData;
  const baseId = useId();
  const idFieldId = `${baseId}-id`;
  const idHintId = `${baseId}-id-hint`;
  const idErrorId = `${baseId}-id-error`;
  const destinationsHintId = `${baseId}-destinations-hint`;
  const destinationsErrorId = `${baseId}-destinations-error`;

  const [platform, setPlatform] = useState<LinkPlatform>("youtube");
  const [ids, setIds] = useState<Record<LinkPlatform, string>>({ youtube: "", linkedin: "" });
  const [selected, setSelected] = useState<ReadonlySet<DestinationKey>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [results, setResults] = useState<Results | null>(null);
  const [qrCodes, setQrCodes] = useState<Record<string, string>>({});
  const [hydrated, setHydrated] = useState(false);
  const runRef = useRef(0);
  const idInputRef = useRef<HTMLInputElement>(null);
  const firstCheckboxRef = useRef<HTMLInputElement>(null);

  // Marks the form as interactive; the end-to-end tests wait for it before pressing Generate.
  useEffect(() => setHydrated(true), []);

  const platformCopy = linkPlatforms[platform];

  const toggle = (key: DestinationKey, checked: boolean) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });
    if (checked) setErrors((previous) => ({ ...previous, destinations: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const run = ++runRef.current;
    setQrCodes({});
    const outcome = validateLinkRequest({ platform, id: ids[platform], destinations: selected });
    if (!outcome.ok) {
      setResults(null);
      setErrors(outcome.errors);
      if (outcome.errors.id) idInputRef.current?.focus();
      else firstCheckboxRef.current?.focus();
      return;
    }
    setErrors({});
    const links = buildLinks(publicUrl, outcome.platform, outcome.id, outcome.destinations);
    setResults({
      run,
      platform: outcome.platform,
      id: outcome.id,
      links,
      cta: outcome.platform === "youtube" ? buildCtaBlock(links) : null,
    });
    makeQrCodes(links)
      .then((codes) => {
        if (runRef.current === run) setQrCodes(codes);
      })
      .catch((error: unknown) => console.warn("QR code generation failed", error));
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 md:py-16" aria-labelledby="link-gen-title">
      <h1 id="link-gen-title" className="text-3xl font-extrabold tracking-tight text-brand-900">
        {copy.title}
      </h1>
      <p className="mt-3 text-slate-700">{copy.intro}</p>

      <form
        noValidate
        onSubmit={onSubmit}
        data-hydrated={hydrated ? "true" : undefined}
        className="mt-8 space-y-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-8"
      >
        <fieldset>
          <legend className="text-lg font-semibold text-brand-900">{copy.platformLegend}</legend>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {linkPlatformKeys.map((key) => (
              <label
                key={key}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="platform"
                  value={key}
                  checked={platform === key}
                  onChange={() => {
                    setPlatform(key);
                    setErrors((previous) => ({ ...previous, id: undefined }));
                    // Links for the other platform must never be left on screen to be copied.
                    setResults(null);
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                <span className="font-medium">{linkPlatforms[key].label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor={idFieldId} className="block text-lg font-semibold text-brand-900">
            {platformCopy.idLabel}
          </label>
          <p id={idHintId} className="mt-1 text-sm text-slate-600">
            {platformCopy.idHint}
          </p>
          <input
            ref={idInputRef}
            id={idFieldId}
            name="id"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={platformCopy.idPlaceholder}
            value={ids[platform]}
            onChange={(event) => {
              const value = event.target.value;
              setIds((previous) => ({ ...previous, [platform]: value }));
              if (value.trim()) setErrors((previous) => ({ ...previous, id: undefined }));
            }}
            aria-invalid={errors.id ? true : undefined}
            aria-describedby={errors.id ? `${idHintId} ${idErrorId}` : idHintId}
            className={`mt-2 ${inputClass} ${errors.id ? "border-red-600" : ""}`}
          />
          {errors.id && (
            <p id={idErrorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
              {errors.id}
            </p>
          )}
        </div>

        <fieldset
          aria-describedby={
            errors.destinations
              ? `${destinationsHintId} ${destinationsErrorId}`
              : destinationsHintId
          }
        >
          <legend className="text-lg font-semibold text-brand-900">
            {copy.destinationsLegend}
          </legend>
          <p id={destinationsHintId} className="mt-1 text-sm text-slate-600">
            {copy.destinationsHint}
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {destinationKeys.map((key, index) => (
              <label
                key={key}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  ref={index === 0 ? firstCheckboxRef : undefined}
                  type="checkbox"
                  name="destinations"
                  value={key}
                  checked={selected.has(key)}
                  onChange={(event) => toggle(key, event.target.checked)}
                  className="h-4 w-4 accent-brand-700"
                />
                <span>{linkDestinations[key].label}</span>
              </label>
            ))}
          </div>
          {errors.destinations && (
            <p
              id={destinationsErrorId}
              role="alert"
              className="mt-2 text-sm font-medium text-red-700"
            >
              {errors.destinations}
            </p>
          )}
        </fieldset>

        <button
          type="submit"
          className={`${buttonClass} w-full bg-brand-700 px-6 py-3 text-base text-white hover:bg-brand-900 sm:w-auto`}
        >
          {copy.generate}
        </button>
      </form>

      <p role="status" className="sr-only">
        {results ? copy.generated(results.links.length) : ""}
      </p>

      {results && (
        <ResultList key={results.run} results={results} qrCodes={qrCodes} baseId={baseId} />
      )}
    </section>
  );
}

function ResultList({
  results,
  qrCodes,
  baseId,
}: {
  results: Results;
  qrCodes: Record<string, string>;
  baseId: string;
}) {
  const ctaRef = useRef<HTMLTextAreaElement>(null);
  const ctaId = `${baseId}-cta`;
  return (
    <section className="mt-10" aria-labelledby={`${baseId}-results-title`}>
      <h2 id={`${baseId}-results-title`} className="text-2xl font-bold text-brand-900">
        {copy.resultsTitle}
      </h2>
      <p className="mt-1 break-all text-sm text-slate-600">
        {linkPlatforms[results.platform].summary(results.id)}
      </p>
      <ul className="mt-5 space-y-4">
        {results.links.map((link) => (
          <LinkRow key={link.key} link={link} svg={qrCodes[link.key]} baseId={baseId} />
        ))}
      </ul>

      {results.cta !== null && (
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-brand-900">{copy.ctaTitle}</h3>
          <label htmlFor={ctaId} className="mt-1 block text-sm text-slate-600">
            {copy.ctaLabel}
          </label>
          <textarea
            ref={ctaRef}
            id={ctaId}
            readOnly
            value={results.cta}
            rows={Math.min(20, results.links.length * 4)}
            onFocus={(event) => event.currentTarget.select()}
            className={`mt-2 ${inputClass} font-mono text-sm`}
          />
          <button
            type="button"
            onClick={() => void copyAndTell(results.cta ?? "", ctaRef.current)}
            className={`${secondaryButtonClass} mt-3 w-full sm:w-auto`}
          >
            {copy.copyCta}
          </button>
        </div>
      )}
    </section>
  );
}

function LinkRow({
  link,
  svg,
  baseId,
}: {
  link: GeneratedLink;
  svg: string | undefined;
  baseId: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${baseId}-link-${link.key}`;
  const dataUrl = svg ? svgDataUrl(svg) : null;
  return (
    <li
      data-destination={link.key}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block font-semibold text-slate-900">
            {link.label}
          </label>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <input
              ref={inputRef}
              id={inputId}
              type="text"
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
            />
            <button
              type="button"
              onClick={() => void copyAndTell(link.url, inputRef.current)}
              className={`${secondaryButtonClass} shrink-0`}
            >
              {copy.copy}
              <span className="sr-only">{copy.copyLinkSuffix(link.label)}</span>
            </button>
          </div>
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-center">
          {dataUrl ? (
            <img
              src={dataUrl}
              alt={copy.qrAlt(link.label)}
              width={96}
              height={96}
              className="h-24 w-24 rounded border border-slate-200 bg-white"
            />
          ) : (
            <div
              className="flex h-24 w-24 items-center justify-center rounded border border-dashed border-slate-300 text-center text-xs text-slate-600"
              aria-hidden="true"
            >
              {copy.qrPending}
            </div>
          )}
          {dataUrl && (
            <a
              href={dataUrl}
              download={`qr-${link.key}.svg`}
              className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {copy.downloadQr}
              <span className="sr-only">{copy.downloadQrSuffix(link.label)}</span>
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
