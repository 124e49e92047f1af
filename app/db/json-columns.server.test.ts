import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { log } from "~/lib/logger.server";
import * as column from "./json-columns.server";
import { parseJsonColumn, type JsonColumn } from "./json-columns.server";

let warn: MockInstance<typeof log.warn>;
beforeEach(() => {
  warn = vi.spyOn(log, "warn");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("valid values", () => {
  it("reads each column as its type, without a warning", () => {
    expect(parseJsonColumn(column.personTags, '["resume_template_lead"]')).toEqual([
      "resume_template_lead",
    ]);
    expect(parseJsonColumn(column.personLeadMagnets, "[]")).toEqual([]);
    expect(
      parseJsonColumn(column.personFirstTouch, '{"utm_source":"youtube","videoId":"abc"}'),
    ).toEqual({
      utm_source: "youtube",
      videoId: "abc",
    });
    expect(parseJsonColumn(column.submissionUtm, "{}")).toEqual({});
    expect(
      parseJsonColumn(column.submissionFormData, '{"firstName":"Ada","answers":{"why":"x"},"n":2}'),
    ).toEqual({ firstName: "Ada", answers: { why: "x" }, n: 2 });
    expect(
      parseJsonColumn(column.submissionResource, '{"resourceType":"resume","utm":{}}'),
    ).toEqual({
      resourceType: "resume",
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("reads a null column, and a stored JSON null touch, as no touch", () => {
    expect(parseJsonColumn(column.personFirstTouch, null)).toBeNull();
    expect(parseJsonColumn(column.personLastTouch, "null")).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("missing keys", () => {
  it("are allowed where the schema makes them optional", () => {
    expect(parseJsonColumn(column.submissionResource, '{"firstName":"Ada"}')).toEqual({});
    expect(parseJsonColumn(column.personLastTouch, "{}")).toEqual({});
    expect(warn).not.toHaveBeenCalled();
  });

  it("drop keys a touch does not know", () => {
    expect(parseJsonColumn(column.submissionUtm, '{"utm_term":"rep7","gclid":"x"}')).toEqual({
      utm_term: "rep7",
    });
    expect(warn).not.toHaveBeenCalled();
  });
});

type Case = [JsonColumn<unknown>, string, unknown, string];

describe("wrong types", () => {
  it("keep the strings of a list", () => {
    expect(parseJsonColumn(column.personTags, '["a",1,null,"b"]')).toEqual(["a", "b"]);
    expect(warn).toHaveBeenCalledWith("json column unreadable", {
      column: "people.tags",
      problem: "1: invalid_type; 2: invalid_type",
    });
  });

  it.each<Case>([
    [column.personLeadMagnets, '{"a":1}', [], "(root): invalid_type"],
    [column.personFirstTouch, '{"utm_source":42}', null, "utm_source: invalid_type"],
    [column.personLastTouch, '"youtube"', null, "(root): invalid_type"],
    [column.submissionUtm, "[]", {}, "(root): invalid_type"],
    [column.submissionFormData, '["a"]', {}, "(root): invalid_type"],
    [column.submissionResource, '{"resourceType":7}', {}, "resourceType: invalid_type"],
  ])("%#: read as the column's fallback, with a warning", (col, text, fallback, problem) => {
    expect(parseJsonColumn(col, text)).toEqual(fallback);
    expect(warn).toHaveBeenCalledExactlyOnceWith("json column unreadable", {
      column: col.name,
      problem,
    });
  });

  it("never put the stored value in the log", () => {
    parseJsonColumn(column.personFirstTouch, '{"utm_source":{"email":"ada@example.com"}}');
    parseJsonColumn(column.submissionFormData, '"ada@example.com"');
    expect(JSON.stringify(warn.mock.calls)).not.toContain("ada@example.com");
  });
});

describe("invalid JSON", () => {
  it.each<Case>([
    [column.personTags, "not json", [], "people.tags"],
    [column.personLeadMagnets, "", [], "people.lead_magnets"],
    [column.personFirstTouch, "{utm_source:", null, "people.first_touch"],
    [column.submissionUtm, "{", {}, "submissions.utm"],
    [column.submissionFormData, '{"email":"ada@example.com"', {}, "submissions.form_data"],
    [column.submissionResource, "undefined", {}, "submissions.form_data"],
  ])(
    "%#: reads as the column's fallback, warning without the text",
    (col, text, fallback, name) => {
      expect(parseJsonColumn(col, text)).toEqual(fallback);
      expect(warn).toHaveBeenCalledExactlyOnceWith("json column unreadable", {
        column: name,
        problem: "invalid JSON",
      });
    },
  );
});
