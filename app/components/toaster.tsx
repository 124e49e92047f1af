import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { unstable_useRoute as useRoute, useMatches } from "react-router";
import { site } from "~/content/site";
import {
  DEFAULT_TOAST_MS,
  dismissToast,
  toastStore,
  type ShownToast,
  type ToastMessage,
} from "~/lib/toast";

const tone = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  destructive: "border-red-300 bg-red-50 text-red-950",
  default: "border-slate-300 bg-white text-slate-900",
} as const;

const itemClass = (variant: keyof typeof tone) =>
  `toast pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${tone[variant]}`;

/** Each action result is its own toast: a second identical failure shows again. */
const actionToastIds = new WeakMap<object, string>();
let actionCounter = 0;

type RouteId = NonNullable<Parameters<typeof useRoute>[0]>;

/**
 * The toast of the latest action result on this page (a failed form answers 400 with one). Forms
 * post to the page's own route (the layouts have no actions), so it is the deepest match's action
 * data, read with React Router's `useRoute`; the server renders it too, so a form posted without
 * JavaScript, or on a static page, shows its toast like a hydrated one.
 */
export function useActionDataToast(): ShownToast | null {
  const page = useMatches().at(-1)?.id ?? "root";
  const result: unknown = useRoute(page as RouteId)?.actionData;
  if (!result || typeof result !== "object") return null;
  const toast = (result as { toast?: ToastMessage }).toast;
  if (!toast) return null;
  let id = actionToastIds.get(result);
  if (!id) actionToastIds.set(result, (id = `a${++actionCounter}`));
  return { ...toast, id };
}

/**
 * The one toaster. The server renders the toasts it knows (the flash toast of a redirect, the
 * toast of a failed action), so they show without JavaScript and fade out by CSS after their
 * duration. On a hydrated page React also shows the browser's own toasts and closes each after
 * its time; on a static page the inline enhancement does the closing (app/enhance).
 */
export function Toaster({ toasts: known, hydrated }: { toasts: ShownToast[]; hydrated: boolean }) {
  const live = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.snapshot,
    toastStore.serverSnapshot,
  );
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);

  const toasts = [...known, ...live].filter((toast) => !closed.has(toast.id));
  const close = useCallback((id: string) => {
    setClosed((previous) => new Set(previous).add(id));
    dismissToast(id);
  }, []);

  return (
    <section
      aria-label={site.notificationsLabel}
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4"
    >
      <ol
        data-toaster=""
        data-error-class={hydrated ? undefined : itemClass("destructive")}
        className="flex w-full max-w-sm flex-col gap-2"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} running={running} onClose={close} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({
  toast,
  running,
  onClose,
}: {
  toast: ShownToast;
  /** React runs in this page: it closes the toast; otherwise the close button waits hidden. */
  running: boolean;
  onClose: (id: string) => void;
}) {
  const duration = toast.durationMs ?? DEFAULT_TOAST_MS;
  const variant = toast.variant ?? "default";
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), duration + 400);
    return () => clearTimeout(timer);
  }, [toast.id, duration, onClose]);
  return (
    <li
      data-toast=""
      data-type={variant === "destructive" ? "error" : variant}
      data-duration={duration}
      style={{ animationDelay: `${duration}ms` }}
      className={itemClass(variant)}
    >
      <div className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        data-toast-close=""
        hidden={!running}
        aria-label={site.closeToast}
        onClick={() => onClose(toast.id)}
        className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
