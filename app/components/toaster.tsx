import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { site } from "~/content/site";
import { DEFAULT_TOAST_MS, dismissToast, toastStore, type ShownToast } from "~/lib/toast";

const tone = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  destructive: "border-red-300 bg-red-50 text-red-950",
  default: "border-slate-300 bg-white text-slate-900",
} as const;

/**
 * The one toaster. It renders on the server too, so a flash toast shows without JavaScript and
 * fades out by CSS after its duration; in the browser each toast also leaves the page after its
 * duration and can be closed.
 */
export function Toaster({ flash }: { flash: ShownToast | null }) {
  const live = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.snapshot,
    toastStore.serverSnapshot,
  );
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const toasts = [...(flash ? [flash] : []), ...live].filter((toast) => !closed.has(toast.id));
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
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} canClose={hydrated} onClose={close} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({
  toast,
  canClose,
  onClose,
}: {
  toast: ShownToast;
  canClose: boolean;
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
      style={{ animationDelay: `${duration}ms` }}
      className={`toast pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${tone[variant]}`}
    >
      <div className="flex-1 text-sm">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1">{toast.description}</p> : null}
      </div>
      {canClose ? (
        <button
          type="button"
          aria-label={site.closeToast}
          onClick={() => onClose(toast.id)}
          className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </li>
  );
}
