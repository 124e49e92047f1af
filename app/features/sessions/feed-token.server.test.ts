import { describe, expect, it } from "vitest";
import { feedToken, feedTokenHash, newFeedSalt, shownFeedToken } from "./feed-token.server";

describe("calendar feed tokens (decision 0053)", () => {
  const salt = newFeedSalt();

  it("are the same for the same secret and salt, 43 base64url characters", () => {
    expect(feedToken("secret", salt)).toBe(feedToken("secret", salt));
    expect(feedToken("secret", salt)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("change with the salt (Reset link) and with the secret (the database alone is not enough)", () => {
    expect(feedToken("secret", newFeedSalt())).not.toBe(feedToken("secret", salt));
    expect(feedToken("other", salt)).not.toBe(feedToken("secret", salt));
    expect(feedToken("secret", salt)).not.toContain(salt);
  });

  it("are shown under the secret that made them, also after a rotation, else not at all", () => {
    const row = { salt, token_hash: feedTokenHash(feedToken("old", salt)) };
    expect(shownFeedToken(["old"], row)).toBe(feedToken("old", salt));
    expect(shownFeedToken(["new", "old"], row)).toBe(feedToken("old", salt));
    expect(shownFeedToken(["new"], row)).toBeNull();
    expect(shownFeedToken(["old"], { ...row, salt: null })).toBeNull();
  });
});
