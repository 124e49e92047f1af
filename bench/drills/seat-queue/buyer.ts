import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Jar } from "../../lib/browser";
import type { RunningServer } from "../../lib/server";

type Choice = "pay" | "decline" | "cancel" | "ignore";

/** One offered person acting on their email: pays, declines, starts and cancels, or ignores it. */
export async function act(server: RunningServer, token: string, email: string, choice: Choice) {
  const jar = new Jar();
  const send = (url: string, body?: string) => jar.send(server.url, url, body);
  if (choice === "ignore") return "ignored";
  if (choice === "decline") {
    const res = await send(`/offers/${token}`, "");
    return res.status === 303 ? "declined" : `decline ${res.status}`;
  }
  const claim = await send(`/enroll?offer=${token}`);
  if (!claim.location.startsWith("/enroll")) return "ended";
  await send("/enroll");
  const checkout = await send("/enroll", "");
  const session = /\/checkout\/test\/([^/?]+)/.exec(checkout.location)?.[1];
  if (!session) return `enroll ${checkout.status} ${checkout.location}`;
  const intent = choice === "pay" ? "pay" : "cancel";
  const done = await send(
    `/checkout/test/${session}`,
    new URLSearchParams({ intent, email }).toString(),
  );
  return done.status >= 300 && done.status < 400
    ? choice === "pay"
      ? "paid"
      : "cancelled"
    : `${intent} ${done.status}`;
}

/** Seat offer emails in the mailbox that have not been read yet: the recipient and the token. */
export function newOffers(mailDir: string, seen: Set<string>) {
  let files: string[];
  try {
    files = readdirSync(mailDir);
  } catch {
    return [];
  }
  const found: { to: string; token: string }[] = [];
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    const raw = readFileSync(path.join(mailDir, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const token = /\/enroll\?offer=([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    const to = /^To: (.+)$/m.exec(raw)?.[1]?.trim();
    if (token && to) found.push({ to, token });
  }
  return found;
}

export function pick(): Choice {
  const r = Math.random();
  return r < 0.45 ? "pay" : r < 0.65 ? "decline" : r < 0.8 ? "cancel" : "ignore";
}
