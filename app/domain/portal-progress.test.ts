import { describe, expect, it } from "vitest";
import { checklistProgress } from "./portal-progress";

describe("checklistProgress", () => {
  it("counts nothing for a student without a profile row", () => {
    expect(checklistProgress(null)).toMatchObject({ done: 0, total: 2 });
  });

  it("counts the profile and the pre-work, each once", () => {
    const at = "2026-12-01T10:00:00.000Z";
    expect(checklistProgress({ profileDoneAt: at, preworkReadAt: null })).toEqual({
      done: 1,
      total: 2,
      items: [
        { item: "profile", done: true },
        { item: "prework", done: false },
      ],
    });
    expect(checklistProgress({ profileDoneAt: null, preworkReadAt: at }).done).toBe(1);
    expect(checklistProgress({ profileDoneAt: at, preworkReadAt: at }).done).toBe(2);
  });
});
