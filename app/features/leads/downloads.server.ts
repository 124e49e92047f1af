import type { DB, Trx } from "~/db/database.server";
import { randomBytes } from "node:crypto";
import { findResourceFile, type ResourceFile } from "~/features/resources/catalogue.server";
import {
  formatSuffix,
  isResourceFileKey,
  type ResourceFileKey,
  type ResourceFormat,
} from "~/features/resources/formats";

/** 256 random bits, base64url: unguessable, and safe in a URL path. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newDownloadToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A personal download token for one resource, stored in the caller's transaction with the email
 * that carries it. Its links for every format of the resource share it, so whichever is opened
 * first records the download.
 */
export async function createDownload(
  trx: Trx,
  personId: string,
  resource: ResourceFileKey,
  now: string,
): Promise<string> {
  const token = newDownloadToken();
  await trx
    .insertInto("downloads")
    .values({ token, person_id: personId, resource, created_at: now, first_downloaded_at: null })
    .execute();
  return token;
}

export function downloadUrl(
  publicUrl: string,
  token: string,
  key: ResourceFileKey,
  format: ResourceFormat,
): string {
  return `${publicUrl}/download/${token}${formatSuffix(key, format)}`;
}

/**
 * The file behind a download token, in the format the link names (the resource's first format
 * when it names none), recording the first use of any of its links. Links keep working after
 * that: people download again, forward the email to themselves, or open it on another device.
 */
export async function redeemDownload(
  db: DB,
  token: string,
  now: Date,
  format?: string,
): Promise<ResourceFile | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom("downloads")
    .select(["resource", "first_downloaded_at"])
    .where("token", "=", token)
    .executeTakeFirst();
  if (!row || !isResourceFileKey(row.resource)) return null;
  const file = findResourceFile(row.resource, format);
  if (!file) return null;
  if (!row.first_downloaded_at) {
    await db
      .updateTable("downloads")
      .set({ first_downloaded_at: now.toISOString() })
      .where("token", "=", token)
      .where("first_downloaded_at", "is", null)
      .execute();
  }
  return file;
}
