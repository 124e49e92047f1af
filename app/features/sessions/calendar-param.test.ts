import { describe, expect, it } from "vitest";
import { calendarParamText } from "./calendar-param";

describe("calendarParamText", () => {
  it("keeps an ordinary name, accents, apostrophes and commas as they are", () => {
    expect(calendarParamText("Zoë O'Brien-Núñez, Jr.")).toBe("Zoë O'Brien-Núñez, Jr.");
  });

  it("turns a double quote into an apostrophe, so it cannot end the quoted value", () => {
    expect(calendarParamText('Eve";ROLE=CHAIR;X-INJ=1:mailto:evil@example.com')).toBe(
      "Eve';ROLE=CHAIR;X-INJ=1:mailto:evil@example.com",
    );
  });

  it("drops backslashes and turns control characters (CR, LF, tab, NUL) into one space", () => {
    expect(calendarParamText("Ada\\\r\nBEGIN:VALARM\t\u0000 Lovelace")).toBe(
      "Ada BEGIN:VALARM Lovelace",
    );
  });

  it("leaves nothing of a name of only control characters", () => {
    expect(calendarParamText('"\r\n"')).toBe("' '");
    expect(calendarParamText("\r\n")).toBe("");
  });
});
