import { linkGeneratorPage as copy } from "./link-destinations.words";
import { showToast } from "~/lib/toast";

export type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Copies through the Clipboard API, or by selecting the field's text where that is missing. */
async function copyText(text: string, field: TextField | null) {
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

/** Copies the text and says so in a toast, or says to copy it by hand. */
export async function copyAndTell(text: string, field: TextField | null) {
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
