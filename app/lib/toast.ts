import { formErrors } from "~/content/forms";

/**
 * The one way messages reach the UI as toasts. A successful state change carries its toast in a
 * one-time flash cookie (toast.server.ts) that the root renders on the next page, on the server,
 * so it shows without JavaScript; a failed one carries it in the action data next to the field
 * errors; the browser alone raises toasts for what only it knows (a copied link).
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  durationMs?: number;
}

export interface ShownToast extends ToastMessage {
  id: string;
}

export const DEFAULT_TOAST_MS = 4000;

export function success(title: string, description?: string): ToastMessage {
  return { title, description, variant: "success" };
}

/** The one answer to a form sent too often from one address (HTTP 429). */
export const rateLimitedToast: ToastMessage = {
  title: formErrors.rateLimitedTitle,
  description: formErrors.rateLimited,
  variant: "destructive",
  durationMs: 7000,
};

/** The destructive toast titled 'Error' that every failed action shows. */
export function errorToast(description: string, durationMs?: number): ToastMessage {
  return { title: formErrors.errorTitle, description, variant: "destructive", durationMs };
}

type Listener = () => void;
let live: ShownToast[] = [];
const listeners = new Set<Listener>();
let counter = 0;

export function showToast(message: ToastMessage): string {
  const id = `t${++counter}`;
  live = [...live, { ...message, id }];
  listeners.forEach((listener) => listener());
  return id;
}

export function dismissToast(id: string) {
  live = live.filter((toast) => toast.id !== id);
  listeners.forEach((listener) => listener());
}

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => live,
  serverSnapshot: (): ShownToast[] => [],
};
