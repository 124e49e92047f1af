import { describe, expect, it } from "vitest";
import { leadMagnets } from "./lead-magnets.words";
import { leadPageTypeForPath, mergeLeadLists, nextSteps } from "./lead-magnets";

describe("lead magnet catalogue", () => {
  it("maps each resource type to its tag", () => {
    expect(Object.fromEntries(Object.entries(leadMagnets).map(([k, v]) => [k, v.tag]))).toEqual({
      resume: "resume_template_lead",
      outreach: "outreach_scripts_lead",
      tracker: "application_tracker_lead",
      resource_library: "resource_library_lead",
      resume_review: "resume_review_lead",
    });
  });

  it("sends each resource's files, all three for the library and none for the review", () => {
    expect(leadMagnets.resume.files).toEqual(["resume-template"]);
    expect(leadMagnets.outreach.files).toEqual(["outreach-scripts"]);
    expect(leadMagnets.tracker.files).toEqual(["application-tracker"]);
    expect(leadMagnets.resource_library.files).toEqual([
      "resume-template",
      "outreach-scripts",
      "application-tracker",
    ]);
    expect(leadMagnets.resume_review.files).toEqual([]);
  });
});

describe("mergeLeadLists", () => {
  it("adds the tag and the resource type to empty lists", () => {
    expect(mergeLeadLists({ tags: [], leadMagnets: [] }, "outreach")).toEqual({
      tags: ["outreach_scripts_lead"],
      leadMagnets: ["outreach"],
    });
  });

  it("appends after what the person already has, keeping order", () => {
    expect(
      mergeLeadLists({ tags: ["vip", "resume_template_lead"], leadMagnets: ["resume"] }, "tracker"),
    ).toEqual({
      tags: ["vip", "resume_template_lead", "application_tracker_lead"],
      leadMagnets: ["resume", "tracker"],
    });
  });

  it("adds nothing the person already has", () => {
    const lists = { tags: ["resume_review_lead"], leadMagnets: ["resume_review"] };
    expect(mergeLeadLists(lists, "resume_review")).toEqual(lists);
  });

  it("adds the missing half when only one list has the entry", () => {
    expect(
      mergeLeadLists({ tags: ["resource_library_lead"], leadMagnets: [] }, "resource_library"),
    ).toEqual({ tags: ["resource_library_lead"], leadMagnets: ["resource_library"] });
  });

  it("drops duplicates already stored", () => {
    expect(
      mergeLeadLists({ tags: ["a", "a"], leadMagnets: ["resume", "resume"] }, "resume"),
    ).toEqual({ tags: ["a", "resume_template_lead"], leadMagnets: ["resume"] });
  });

  it("does not change its input", () => {
    const tags = ["a"];
    const magnets: string[] = [];
    mergeLeadLists({ tags, leadMagnets: magnets }, "resume");
    expect(tags).toEqual(["a"]);
    expect(magnets).toEqual([]);
  });
});

describe("leadPageTypeForPath", () => {
  it("finds the page of each lead path", () => {
    expect(leadPageTypeForPath("/resume-template")).toBe("resume");
    expect(leadPageTypeForPath("/cold-outreach")).toBe("outreach");
    expect(leadPageTypeForPath("/application-tracker/")).toBe("tracker");
  });

  it("knows no other path", () => {
    expect(leadPageTypeForPath("/resource-library")).toBeNull();
    expect(leadPageTypeForPath("/resume-template/x")).toBeNull();
    expect(leadPageTypeForPath("/")).toBeNull();
  });
});

describe("nextSteps", () => {
  it("offers the files a resource did not include, and the resume review", () => {
    expect(nextSteps("resume")).toEqual({
      files: ["outreach-scripts", "application-tracker"],
      resumeReview: true,
    });
    expect(nextSteps("outreach")).toEqual({
      files: ["resume-template", "application-tracker"],
      resumeReview: true,
    });
    expect(nextSteps("tracker")).toEqual({
      files: ["resume-template", "outreach-scripts"],
      resumeReview: true,
    });
  });

  it("offers no file after the library (all three were sent), and every file after a review", () => {
    expect(nextSteps("resource_library")).toEqual({ files: [], resumeReview: true });
    expect(nextSteps("resume_review")).toEqual({
      files: ["resume-template", "outreach-scripts", "application-tracker"],
      resumeReview: false,
    });
  });
});
