import { useEffect } from "react";
import { toast } from "sonner";
import { formErrors } from "~/content/forms";

/** The one way server messages reach the UI: a toast carried in action data. */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  durationMs?: number;
}

/** The destructive toast titled 'Error' that every failed action shows. */
export function errorToast(description: string, durationMs?: number): ToastMessage {
  return { title: formErrors.errorTitle, description, variant: "destructive", durationMs };
}

export function showToast(message: ToastMessage) {
  const options = { description: message.description, duration: message.durationMs ?? 4000 };
  if (message.variant === "destructive") toast.error(message.title, options);
  else if (message.variant === "success") toast.success(message.title, options);
  else toast(message.title, options);
}

/** Shows the toast of each new action result once. */
export function useActionToast(data: { toast?: ToastMessage } | undefined) {
  useEffect(() => {
    if (data?.toast) showToast(data.toast);
  }, [data]);
}
