import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("csv", () => {
  it("quotes every field and doubles quotes", () => {
    expect(csvField('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvField(null)).toBe('""');
    expect(csvField(42)).toBe('"42"');
  });

  it.each(['=HYPERLINK("http://x")', "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"])(
    "neutralises %j",
    (value) => {
      expect(csvField(value).startsWith(`"'`)).toBe(true);
    },
  );

  it("writes a header row and CRLF lines", () => {
    expect(toCsv(["a", "b"], [["1", "x\ny"]])).toBe('"a","b"\r\n"1","x\ny"\r\n');
  });
});
