import { describe, expect, it } from "vitest";
import { cacheControlFor, carriesToken, redactTokens } from "./token-urls";

const T = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo";

describe("redactTokens", () => {
  it.each([
    [`/download/${T}`, "/download/:token"],
    [`/download/${T}/pdf`, "/download/:token/pdf"],
    [`/offers/${T}`, "/offers/:token"],
    [`/offers/${T}.data`, "/offers/:token.data"],
    [`/unsubscribe/${T}`, "/unsubscribe/:token"],
    [`/unsubscribe/${T}/choose`, "/unsubscribe/:token/choose"],
    [`/checkout/test/${T}`, "/checkout/test/:token"],
    [`/portal/login/${T}`, "/portal/login/:token"],
    [`/calendar/${T}.ics`, "/calendar/:token.ics"],
    // Spelled as React Router would still match it.
    [`/OFFERS/${T}`, "/offers/:token"],
    [`//offers//${T}`, "/offers/:token"],
    [`/%6Fffers/${T}`, "/offers/:token"],
    [`/offers/${T}/`, "/offers/:token"],
  ])("%s is logged as %s", (path, logged) => {
    expect(redactTokens(path)).toBe(logged);
  });

  it.each(["/", "/offers", "/apply", "/admin/people/4f2b", "/resources/cold-outreach/pdf", "/%"])(
    "%s is left as it is",
    (path) => {
      expect(redactTokens(path)).toBe(path);
    },
  );
});

describe("carriesToken", () => {
  it.each([
    [`/offers/${T}`, true],
    [`/unsubscribe/${T}?done=all`, true],
    [`/enroll?offer=${T}`, true],
    [`/enroll?link=${T}`, true],
    [`/enroll.data?offer=${T}`, true],
    [`/payment-confirmation?session_id=${T}`, true],
    ["/enroll", false],
    ["/enroll?utm_source=x", false],
    ["/apply?offer=x", false],
    ["/", false],
  ])("%s: %s", (url, expected) => {
    expect(carriesToken(url)).toBe(expected);
  });
});

describe("finding 9: cacheControlFor", () => {
  it.each([
    [`/offers/${T}`, false, "private, no-store"],
    [`/unsubscribe/${T}/choose?done=all`, false, "private, no-store"],
    [`/download/${T}/pdf`, false, "private, no-store"],
    [`/enroll?offer=${T}`, false, "private, no-store"],
    ["/", true, "private, no-store"],
    ["/apply", true, "private, no-store"],
    ["/", false, null],
    ["/apply?utm_source=x", false, null],
  ])("%s (sets a cookie: %s): %s", (url, setsCookie, expected) => {
    expect(cacheControlFor(url, setsCookie)).toBe(expected);
  });
});
