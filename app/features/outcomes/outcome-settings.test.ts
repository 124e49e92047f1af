import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { outcomesFormSchema } from "./outcome-settings";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema: outcomesFormSchema, disableAutoCoercion: true });
}

describe("the outcome settings form", () => {
  it("takes whole numbers from 0 to 6, and assignments from 0 to 36", () => {
    const sent = parse({
      intent: "settings",
      minGroupSessions: " 0 ",
      minOneOnOnes: "6",
      minAssignments: "36",
    });
    expect(sent.status).toBe("success");
    expect(sent.status === "success" && sent.value).toEqual({
      intent: "settings",
      minGroupSessions: 0,
      minOneOnOnes: 6,
      minAssignments: 36,
    });
  });

  it("refuses more assignments than the six weeks can hold, or none typed", () => {
    for (const value of ["37", "", "1.5"]) {
      const sent = parse({
        intent: "settings",
        minGroupSessions: "4",
        minOneOnOnes: "4",
        minAssignments: value,
      });
      expect(sent.status).toBe("error");
      expect(sent.status === "error" && sent.error?.minAssignments).toEqual([
        "Please enter a whole number from 0 to 36",
      ]);
    }
  });

  it("refuses 7, a fraction, a negative and an empty field, each under its field", () => {
    for (const [value, field] of [
      ["7", "minGroupSessions"],
      ["2.5", "minOneOnOnes"],
      ["-1", "minGroupSessions"],
      ["", "minOneOnOnes"],
    ] as const) {
      const sent = parse({
        intent: "settings",
        minGroupSessions: "4",
        minOneOnOnes: "4",
        minAssignments: "0",
        [field]: value,
      });
      expect(sent.status).toBe("error");
      expect(sent.status === "error" && sent.error?.[field]).toEqual([
        "Please enter a whole number from 0 to 6",
      ]);
    }
  });

  it("refuses an unknown intent", () => {
    expect(parse({ intent: "erase", minGroupSessions: "4", minOneOnOnes: "4" }).status).toBe(
      "error",
    );
  });
});
