/**
 * The photo a student may give with a "full" testimonial (issue 36, item 5): JPEG or PNG, at most
 * PHOTO_MAX_BYTES, judged by its content only (never its name or declared type): the format's
 * signature, then its header parsed for the width and height. Pure: no I/O.
 */

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Neither side may be larger: a tiny file must not unpack into a huge picture. */
export const PHOTO_MAX_SIDE = 10_000;
/** Where a testimonial's photos are filed among the uploads. */
export const PHOTO_FOLDER = "testimonial-photos";
/** The uploads' review_status of a testimonial photo (outside the resume review's queue). */
export const PHOTO_UPLOAD_STATUS = "photo" as const;
/** The size the home page and the owner's list show a photo at (CSS pixels, cropped square). */
export const PHOTO_DISPLAY_SIZE = 64;

export type PhotoType = "image/jpeg" | "image/png";
export type PhotoProblem = "too_large" | "not_photo";
export type PhotoCheck =
  | { ok: true; contentType: PhotoType; extension: "jpg" | "png"; width: number; height: number }
  | { ok: false; reason: PhotoProblem };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the browser may judge before sending: the size only (the content decides on the server). */
export function photoFileProblem(file: { size: number }): PhotoProblem | null {
  return file.size > PHOTO_MAX_BYTES ? "too_large" : null;
}

/** Whether `bytes` is a JPEG or PNG photo we accept, with its size in pixels. */
export function checkPhoto(bytes: Uint8Array): PhotoCheck {
  if (bytes.byteLength > PHOTO_MAX_BYTES) return { ok: false, reason: "too_large" };
  const found = pngSize(bytes) ?? jpegSize(bytes);
  if (!found) return { ok: false, reason: "not_photo" };
  const { width, height } = found.size;
  if (width < 1 || height < 1 || width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE)
    return { ok: false, reason: "not_photo" };
  return found.type === "image/png"
    ? { ok: true, contentType: "image/png", extension: "png", width, height }
    : { ok: true, contentType: "image/jpeg", extension: "jpg", width, height };
}

interface Found {
  type: PhotoType;
  size: { width: number; height: number };
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array, at: number) => u16(bytes, at) * 0x10000 + u16(bytes, at + 2);

/** A PNG: the signature, then the IHDR chunk (13 bytes) first, as the format requires. */
function pngSize(bytes: Uint8Array): Found | null {
  if (bytes.byteLength < 33) return null;
  if (PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  if (u32(bytes, 8) !== 13 || ihdr !== "IHDR") return null;
  return { type: "image/png", size: { width: u32(bytes, 16), height: u32(bytes, 20) } };
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * A JPEG: the start-of-image marker, then segments up to the first start-of-frame, which holds
 * the height and width. A scan (or the end) before any frame header is not a photo.
 */
function jpegSize(bytes: Uint8Array): Found | null {
  if (bytes.byteLength < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // standalone marker
      continue;
    }
    const length = u16(bytes, at + 2);
    if (length < 2 || at + 2 + length > bytes.byteLength) return null;
    if (SOF.has(marker)) {
      if (length < 7) return null;
      return {
        type: "image/jpeg",
        size: { height: u16(bytes, at + 5), width: u16(bytes, at + 7) },
      };
    }
    at += 2 + length;
  }
  return null;
}

/** The name a photo is stored under: never the student's file name. */
export function photoUploadName(testimonialId: string, now: Date, extension: string): string {
  return `${testimonialId}_${now.getTime()}.${extension}`;
}

/** A served photo's ETag: its content's SHA-256 (as stored with the upload), quoted. */
export function photoEtag(sha256: string): string {
  return `"${sha256}"`;
}

/**
 * Whether a request's If-None-Match names `etag` (a list of tags, weak or strong, or "*"): the
 * cached copy is still the photo, so the answer is 304 without the bytes.
 */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}
