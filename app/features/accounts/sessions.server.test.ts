import { describe, expect, it } from "vitest";
import { makeContext } from "../../../tests/support/context";
import type { Services } from "~/context";
import { requireAdmin, safeNext } from "./sessions.server";

describe("safeNext", () => {
  it("accepts admin paths only", () => {
    expect(safeNext("/admin")).toBe("/admin");
    expect(safeNext("/admin/people")).toBe("/admin/people");
    expect(safeNext("/admin/people.csv?q=a")).toBe("/admin/people.csv?q=a");
    expect(safeNext("/admin/uploads?status=new")).toBe("/admin/uploads?status=new");
    for (const bad of [
      null,
      "",
      "/",
      "/apply",
      "https://evil.example/admin/x",
      "//evil.example",
      "/admin//evil.example",
      "/admin/../apply",
      "/admin/..",
      "/admin/\\evil",
      "/administrator",
    ]) {
      expect(safeNext(bad)).toBeNull();
    }
  });
});

describe("requireAdmin", () => {
  const services = {
    config: { sessionSecret: "s".repeat(40), sessionSecrets: ["s".repeat(40)] },
  } as unknown as Services;

  it("throws a redirect to the login page that remembers the page", async () => {
    const thrown = await requireAdmin(
      new Request("http://localhost/admin/people?page=2"),
      makeContext(services),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(
      "/admin/cohort-settings?next=%2Fadmin%2Fpeople%3Fpage%3D2",
    );
  });

  it("sends the login page's own requests back to it without next", async () => {
    const thrown = await requireAdmin(
      new Request("http://localhost/admin/cohort-settings", { method: "POST" }),
      makeContext(services),
    ).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("location")).toBe("/admin/cohort-settings");
  });
});
