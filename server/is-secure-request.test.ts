import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isSecureRequest } from "./security";

describe("isSecureRequest", () => {
  const request = (encrypted: boolean, forwarded?: string) =>
    ({
      socket: { encrypted },
      headers: forwarded === undefined ? {} : { "x-forwarded-proto": forwarded },
    }) as unknown as IncomingMessage;

  it.each([
    { trustProxy: false, encrypted: false, forwarded: "https", secure: false },
    { trustProxy: false, encrypted: true, forwarded: "http", secure: true },
    { trustProxy: true, encrypted: false, forwarded: undefined, secure: false },
    { trustProxy: true, encrypted: true, forwarded: undefined, secure: true },
    { trustProxy: true, encrypted: false, forwarded: "https", secure: true },
    { trustProxy: true, encrypted: false, forwarded: " https , http", secure: true },
    { trustProxy: true, encrypted: false, forwarded: "http,https", secure: false },
  ])(
    "trustProxy $trustProxy, TLS $encrypted, X-Forwarded-Proto $forwarded: secure $secure",
    ({ trustProxy, encrypted, forwarded, secure }) => {
      expect(isSecureRequest(request(encrypted, forwarded), trustProxy)).toBe(secure);
    },
  );
});
