import { describe, expect, it } from "vitest";
import { JPEG_3x2, PNG_3x2, TEXT_FILE } from "../../../tests/support/photos";
import {
  checkPhoto,
  etagMatches,
  PHOTO_MAX_BYTES,
  photoEtag,
  photoFileProblem,
  withoutMetadata,
} from "./testimonial-photo";

describe("checkPhoto", () => {
  it.each([
    ["PNG", "header", PNG_3x2, "image/png", "png"],
    ["JPEG", "frame header", JPEG_3x2, "image/jpeg", "jpg"],
  ] as const)(
    "accepts a real %s with its size read from the %s",
    (_kind, _part, photo, contentType, extension) => {
      expect(checkPhoto(photo)).toEqual({
        ok: true,
        contentType,
        extension,
        width: 3,
        height: 2,
        bytes: expect.any(Uint8Array),
      });
    },
  );

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

/** A JPEG segment: marker, big-endian length, payload. */
const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];
const ascii = (text: string) => [...Buffer.from(text, "latin1")];

/** EXIF as a phone writes it (little-endian): turned upright (6), the author, and a GPS tag. */
function phoneExif(): number[] {
  const artist = ascii("Ada Lovelace\0");
  const entries = 3;
  const dataAt = 8 + 2 + entries * 12 + 4;
  const le16 = (n: number) => [n & 0xff, n >> 8];
  const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
  const tiff = [
    ...ascii("II"),
    ...le16(42),
    ...le32(8),
    ...le16(entries),
    ...[...le16(0x010e), ...le16(2), ...le32(artist.length), ...le32(dataAt)], // description
    ...[...le16(0x0112), ...le16(3), ...le32(1), ...le16(6), 0, 0], // orientation
    ...[...le16(0x8825), ...le16(4), ...le32(1), ...le32(0)], // GPS IFD pointer
    ...le32(0),
    ...artist,
  ];
  return [...ascii("Exif\0\0"), ...tiff];
}

describe("withoutMetadata: what a camera wrote about the photo is not stored", () => {
  it("takes EXIF, XMP and comments out of a JPEG, keeps its pixels and its orientation", () => {
    const tagged = Uint8Array.from([
      ...JPEG_3x2.subarray(0, 2),
      ...segment(0xe1, phoneExif()),
      ...segment(0xe1, ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPS 40.71 N</x:xmpmeta>")),
      ...segment(0xfe, ascii("Taken at 12 Main St")),
      ...segment(0xed, ascii("Photoshop 3.0\0IPTC byline Ada")),
      ...JPEG_3x2.subarray(2),
    ]);
    const check = checkPhoto(tagged);
    if (!check.ok) throw new Error("refused");
    const text = Buffer.from(check.bytes).toString("latin1");
    for (const leak of ["Ada Lovelace", "xmpmeta", "GPS", "Main St", "IPTC", "Photoshop"])
      expect(text).not.toContain(leak);
    // Upright still: an EXIF block with the orientation alone (big-endian, tag 0x0112 = 6).
    expect(text).toContain("Exif\0\0MM\0*");
    expect([...check.bytes.subarray(2, 4)]).toEqual([0xff, 0xe1]);
    expect(check.bytes.indexOf(0x12, 14)).toBeGreaterThan(0);
    expect(check.bytes[4 + 2 + 6 + 8 + 2 + 8 + 1]).toBe(6);
    // The rest is the original photo, byte for byte.
    const original = withoutMetadata(JPEG_3x2, "image/jpeg")!;
    expect(
      Buffer.from(check.bytes.subarray(check.bytes.byteLength - (original.byteLength - 2))),
    ).toEqual(Buffer.from(original.subarray(2)));
    expect(checkPhoto(check.bytes)).toMatchObject({ ok: true, width: 3, height: 2 });
  });

  it("leaves a JPEG without metadata as it was", () => {
    expect(Buffer.from(withoutMetadata(JPEG_3x2, "image/jpeg")!)).toEqual(JPEG_3x2);
  });

  it("takes text and time chunks out of a PNG, keeps the picture's own chunks", () => {
    const chunk = (type: string, data: number[]) => [
      0,
      0,
      data.length >> 8,
      data.length & 0xff,
      ...ascii(type),
      ...data,
      0,
      0,
      0,
      0, // the CRC is not checked here
    ];
    const iend = PNG_3x2.byteLength - 12;
    const tagged = Uint8Array.from([
      ...PNG_3x2.subarray(0, iend),
      ...chunk("tEXt", ascii("Author\0Ada Lovelace")),
      ...chunk("eXIf", ascii("MM\0*GPS")),
      ...chunk("tIME", [7, 234, 11, 28, 12, 0, 0]),
      ...PNG_3x2.subarray(iend),
    ]);
    const check = checkPhoto(tagged);
    if (!check.ok) throw new Error("refused");
    expect(Buffer.from(check.bytes)).toEqual(PNG_3x2);
  });

  it("refuses a photo whose blocks do not add up to its end", () => {
    const cut = Uint8Array.from(PNG_3x2.subarray(0, PNG_3x2.byteLength - 6));
    expect(checkPhoto(cut)).toEqual({ ok: false, reason: "not_photo" });
    expect(checkPhoto(JPEG_3x2.subarray(0, JPEG_3x2.indexOf(0xda) - 1))).toEqual({
      ok: false,
      reason: "not_photo",
    });
  });
});
