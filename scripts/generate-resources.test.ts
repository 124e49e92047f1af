import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { allResourceFiles, getResourceFile } from "../app/features/resources/catalogue.server";
import { DEFAULT_OUT_DIR, generateResources } from "./generate-resources";

describe("generate-resources", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("writes every real file, the Word copies too, under their download names", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fsts-resources-"));
    dirs.push(dir);
    const out = path.join(dir, "nested", "resources");
    const written = await generateResources(out);
    expect(readdirSync(out).sort()).toEqual([
      "From-Scratch-to-Success-Application-Tracker.xlsx",
      "From-Scratch-to-Success-Cold-Outreach-Scripts.docx",
      "From-Scratch-to-Success-Cold-Outreach-Scripts.pdf",
      "From-Scratch-to-Success-Resume-Template.docx",
      "From-Scratch-to-Success-Resume-Template.pdf",
    ]);
    expect(written).toHaveLength(5);
    for (const { key, format } of allResourceFiles()) {
      const { file, bytes } = await getResourceFile(key, format);
      expect(readFileSync(path.join(out, file.fileName)).equals(bytes)).toBe(true);
    }
  });

  it("targets public/resources by default", () => {
    expect(path.relative(process.cwd(), DEFAULT_OUT_DIR)).toBe(path.join("public", "resources"));
  });
});
