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
  | {
      ok: true;
      contentType: PhotoType;
      extension: "jpg" | "png";
      width: number;
      height: number;
      /** The photo as it may be stored and served: every metadata block taken out. */
      bytes: Uint8Array;
    }
  | { ok: false; reason: PhotoProblem };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the browser may judge before sending: the size only (the content decides on the server). */
export function photoFileProblem(file: { size: number }): PhotoProblem | null {
  return file.size > PHOTO_MAX_BYTES ? "too_large" : null;
}

/**
 * Whether `bytes` is a JPEG or PNG photo we accept, with its size in pixels and its bytes without
 * metadata (`withoutMetadata`): a file whose structure cannot be walked to its end is not a photo.
 */
export function checkPhoto(bytes: Uint8Array): PhotoCheck {
  if (bytes.byteLength > PHOTO_MAX_BYTES) return { ok: false, reason: "too_large" };
  const found = pngSize(bytes) ?? jpegSize(bytes);
  if (!found) return { ok: false, reason: "not_photo" };
  const { width, height } = found.size;
  if (width < 1 || height < 1 || width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE)
    return { ok: false, reason: "not_photo" };
  const clean = withoutMetadata(bytes, found.type);
  if (!clean) return { ok: false, reason: "not_photo" };
  return found.type === "image/png"
    ? { ok: true, contentType: "image/png", extension: "png", width, height, bytes: clean }
    : { ok: true, contentType: "image/jpeg", extension: "jpg", width, height, bytes: clean };
}

/**
 * The photo without what a camera or an editor writes about it: where it was taken (EXIF GPS),
 * who took it, with what, when, and any comment. Only the blocks a picture needs to be drawn are
 * kept, so a kind of metadata nobody listed cannot slip through:
 * - PNG: the critical chunks and the ancillary ones about colour and pixels (a whitelist);
 * - JPEG: every segment up to the scan but the application blocks (APP1 EXIF and XMP, APP13 IPTC,
 *   the rest) and comments, keeping JFIF (APP0), the colour profile (APP2) and Adobe's colour
 *   transform (APP14); the EXIF orientation, which a phone's upright photo depends on, is written
 *   back alone in a new EXIF block.
 * The pixels are not decoded or re-encoded (that would need a native image library). Null when the
 * file's blocks do not add up.
 */
export function withoutMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array | null {
  return type === "image/png" ? pngWithout(bytes) : jpegWithout(bytes);
}

const PNG_KEPT = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "gAMA",
  "cHRM",
  "sRGB",
  "iCCP",
  "sBIT",
  "bKGD",
  "pHYs",
]);

function pngWithout(bytes: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.byteLength) {
    const length = u32(bytes, at);
    const end = at + 12 + length;
    if (end > bytes.byteLength) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (PNG_KEPT.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return concat(kept);
  }
  return null;
}

const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

function jpegWithout(bytes: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let at = 2;
  while (at + 4 <= bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xda) {
      // The scan and everything after it: the pixels, copied as they are.
      if (orientation !== null) kept.splice(1, 0, exifOrientation(orientation));
      kept.push(bytes.subarray(at));
      return concat(kept);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const end = at + 2 + u16(bytes, at + 2);
    if (end > bytes.byteLength) return null;
    const segment = bytes.subarray(at, end);
    const application = marker >= APP0 && marker <= 0xef;
    if (marker === APP1) orientation ??= readOrientation(segment.subarray(4));
    if ((!application && marker !== COM) || [APP0, APP2, APP14].includes(marker))
      kept.push(segment);
    at = end;
  }
  return null;
}

/** The Orientation (1–8) of an APP1 block's EXIF data, if it is EXIF and has one. */
function readOrientation(exif: Uint8Array): number | null {
  const header = "Exif\0\0";
  if (String.fromCharCode(...exif.subarray(0, 6)) !== header) return null;
  const tiff = exif.subarray(6);
  if (tiff.byteLength < 8) return null;
  const little = tiff[0] === 0x49;
  const read16 = (at: number) => (little ? tiff[at]! | (tiff[at + 1]! << 8) : u16(tiff, at));
  const read32 = (at: number) => (little ? read16(at) + read16(at + 2) * 0x10000 : u32(tiff, at));
  const ifd = read32(4);
  if (ifd + 2 > tiff.byteLength) return null;
  const entries = read16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.byteLength) return null;
    if (read16(entry) === 0x0112) {
      const value = read16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 block of EXIF data with the orientation alone (big-endian TIFF, one IFD entry). */
function exifOrientation(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1];
  const body = [...tiff, 0, orientation, 0, 0, 0, 0, 0, 0];
  const data = [0x45, 0x78, 0x69, 0x66, 0, 0, ...body];
  const length = data.length + 2;
  return Uint8Array.from([0xff, APP1, length >> 8, length & 0xff, ...data]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
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
