import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A message of the local mailbox as text: quoted-printable soft breaks and escapes undone. */
export function mailboxCopy(dir: string, outboxId: string): string {
  const file = readdirSync(dir).find((name) => name.endsWith(`-${outboxId}.eml`));
  if (!file) throw new Error(`no mailbox copy of ${outboxId}`);
  return readFileSync(path.join(dir, file), "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
