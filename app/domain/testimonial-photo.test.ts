import { describe, expect, it } from "vitest";
import { JPEG_3x2, PNG_3x2, TEXT_FILE } from "../../tests/support/photos";
import {
  checkPhoto,
  etagMatches,
  PHOTO_MAX_BYTES,
  photoEtag,
  photoFileProblem,
} from "./testimonial-photo";

describe("checkPhoto", () => {
  it("accepts a real PNG with its size read from the header", () => {
    expect(checkPhoto(PNG_3x2)).toEqual({
      ok: true,
      contentType: "image/png",
      extension: "png",
      width: 3,
      height: 2,
    });
  });

  it("accepts a real JPEG with its size read from the frame header", () => {
    expect(checkPhoto(JPEG_3x2)).toEqual({
      ok: true,
      contentType: "image/jpeg",
      extension: "jpg",
      width: 3,
      height: 2,
    });
  });

  it("refuses a text file whatever it is called (only the bytes are read)", () => {
    expect(checkPhoto(TEXT_FILE)).toEqual({ ok: false, reason: "not_photo" });
    expect(checkPhoto(new Uint8Array())).toEqual({ ok: false, reason: "not_photo" });
  });

  it("refuses a file with the right signature and a broken header", () => {
    const png = Uint8Array.from(PNG_3x2);
    png[12] = 0x78; // "xHDR"
    expect(checkPhoto(png)).toEqual({ ok: false, reason: "not_photo" });
    // A JPEG cut before its frame header.
    expect(checkPhoto(JPEG_3x2.subarray(0, 40))).toEqual({ ok: false, reason: "not_photo" });
    // Only the JPEG's start marker, then text.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8]), TEXT_FILE]);
    expect(checkPhoto(fake)).toEqual({ ok: false, reason: "not_photo" });
  });

  it("refuses a picture of zero or absurd size", () => {
    const zero = Uint8Array.from(PNG_3x2);
    zero.fill(0, 16, 20); // width 0
    expect(checkPhoto(zero)).toEqual({ ok: false, reason: "not_photo" });
    const huge = Uint8Array.from(PNG_3x2);
    huge.set([0, 1, 0, 0], 16); // width 65,536
    expect(checkPhoto(huge)).toEqual({ ok: false, reason: "not_photo" });
  });

  it("refuses a photo over 2 MB, content or not", () => {
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(PNG_3x2);
    expect(checkPhoto(big)).toEqual({ ok: false, reason: "too_large" });
    expect(checkPhoto(big.subarray(0, PHOTO_MAX_BYTES)).ok).toBe(true);
    expect(photoFileProblem({ size: PHOTO_MAX_BYTES + 1 })).toBe("too_large");
    expect(photoFileProblem({ size: PHOTO_MAX_BYTES })).toBeNull();
  });
});

describe("etagMatches", () => {
  const etag = photoEtag("abc");
  it("matches the photo's own tag, weak or strong, alone or in a list, or any", () => {
    expect(etag).toBe('"abc"');
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"x", "abc"', etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
  });
  it("does not match another tag, a bare value or nothing", () => {
    expect(etagMatches('"abd"', etag)).toBe(false);
    expect(etagMatches("abc", etag)).toBe(false);
    expect(etagMatches("", etag)).toBe(false);
    expect(etagMatches(null, etag)).toBe(false);
  });
});
