import { useEffect, useRef, useState } from "react";
import type { DestinationKey, LinkPlatform } from "./link-destinations.words";
import { linkIdError } from "./link-request";
import type { LinkGeneratorView } from "./links";

/**
 * The link generator form in the browser. The server renders it from the query (values, errors,
 * the ID's warning); here it stays editable between submissions: each platform keeps its own ID,
 * an error leaves as soon as its field is put right, and the warning as soon as the ID changes.
 */
export function useLinkForm(view: LinkGeneratorView) {
  const [shown, setShown] = useState(view);
  const [platform, setPlatform] = useState(view.values.platform);
  const [ids, setIds] = useState(view.values.ids);
  const [selected, setSelected] = useState<ReadonlySet<DestinationKey>>(
    () => new Set(view.values.destinations),
  );
  const [errors, setErrors] = useState(view.errors);
  const [warning, setWarning] = useState(view.result?.warning ?? null);
  const [hydrated, setHydrated] = useState(false);
  const idInputRef = useRef<HTMLInputElement>(null);
  const firstCheckboxRef = useRef<HTMLInputElement>(null);

  // A new query was answered (Generate, Back, a shared link): the form shows what it asked for.
  if (shown !== view) {
    const { values } = view;
    setShown(view);
    setPlatform(values.platform);
    setIds((previous) => ({ ...previous, [values.platform]: values.ids[values.platform] }));
    setSelected(new Set(values.destinations));
    setErrors(view.errors);
    setWarning(view.result?.warning ?? null);
  }

  // Marks the form as interactive; the end-to-end tests wait for it before pressing Generate.
  useEffect(() => setHydrated(true), []);

  // After a refused Generate, focus goes to the first field to put right.
  useEffect(() => {
    if (view.errors.id) idInputRef.current?.focus();
    else if (view.errors.destinations) firstCheckboxRef.current?.focus();
  }, [view]);

  return {
    platform,
    ids,
    selected,
    errors,
    /** About the ID the shown links were made from (YouTube only). */
    warning,
    hydrated,
    idInputRef,
    firstCheckboxRef,
    choosePlatform(key: LinkPlatform) {
      setPlatform(key);
      setErrors((previous) => ({ ...previous, id: undefined }));
    },
    setId(key: LinkPlatform, value: string) {
      setIds((previous) => ({ ...previous, [key]: value }));
      if (key === shown.result?.platform) setWarning(null);
      if (!linkIdError(key, value)) setErrors((previous) => ({ ...previous, id: undefined }));
    },
    toggle(key: DestinationKey, checked: boolean) {
      setSelected((previous) => {
        const next = new Set(previous);
        if (checked) next.add(key);
        else next.delete(key);
        return next;
      });
      if (checked) setErrors((previous) => ({ ...previous, destinations: undefined }));
    },
  };
}

export type LinkFormState = ReturnType<typeof useLinkForm>;
