import { describe, expect, it } from "vitest";
import { MAX_RESUME_BYTES } from "./docx-check.server";
import {
  isDocxName,
  problemOfRejection,
  resumeDownloadName,
  RESUME_MAX_BYTES,
  resumeAdminUrl,
  resumeFileProblem,
  resumeUploadName,
  resumeUploadPath,
} from "./resume-upload";

describe("resumeUploadName", () => {
  const at = new Date("2026-11-22T12:00:00.123Z");

  it("is the email with . # $ [ ] replaced, an underscore, the time in ms and .docx", () => {
    expect(resumeUploadName("ada.lovelace@example.com", at)).toBe(
      `ada_lovelace@example_com_${at.getTime()}.docx`,
    );
    expect(resumeUploadName("a#b$c[d]e.f@x.io", at)).toBe(`a_b_c_d_e_f@x_io_1795348800123.docx`);
  });

  it("keeps every other character", () => {
    expect(resumeUploadName("first+tag-1@ex_ample.org", at)).toBe(
      "first+tag-1@ex_ample_org_1795348800123.docx",
    );
  });

  it("lives in the resume-reviews folder", () => {
    expect(resumeUploadPath("x.docx")).toBe("resume-reviews/x.docx");
    expect(resumeAdminUrl("abc")).toBe("/admin/uploads/abc");
  });
});

describe("resume file checks", () => {
  it("accepts only names ending in .docx, in any case", () => {
    expect(isDocxName("resume.docx")).toBe(true);
    expect(isDocxName("Resume.DOCX")).toBe(true);
    expect(isDocxName("resume.doc")).toBe(false);
    expect(isDocxName("resume.docx.pdf")).toBe(false);
    expect(isDocxName("resume.pdf")).toBe(false);
    expect(isDocxName("docx")).toBe(false);
  });

  it("reports a missing file, a wrong name and a file over 5 MB, in that order", () => {
    expect(resumeFileProblem(undefined)).toBe("missing");
    expect(resumeFileProblem(null)).toBe("missing");
    expect(resumeFileProblem({ name: "", size: 0 })).toBe("missing");
    expect(resumeFileProblem({ name: "cv.pdf", size: 10 })).toBe("not_docx");
    expect(resumeFileProblem({ name: "cv.pdf", size: RESUME_MAX_BYTES + 1 })).toBe("not_docx");
    expect(resumeFileProblem({ name: "cv.docx", size: RESUME_MAX_BYTES + 1 })).toBe("too_large");
    expect(resumeFileProblem({ name: "cv.docx", size: RESUME_MAX_BYTES })).toBeNull();
    expect(resumeFileProblem({ name: "cv.docx", size: 0 })).toBeNull();
  });

  it("tells a file that is not a readable Word document from one refused for its content", () => {
    for (const reason of ["not_zip", "missing_content_types", "not_word_document"] as const)
      expect(problemOfRejection(reason)).toBe("unreadable");
    for (const reason of [
      "macro_content",
      "active_content",
      "unsafe_entry_name",
      "too_many_entries",
      "too_much_data",
    ] as const)
      expect(problemOfRejection(reason)).toBe("not_docx");
    expect(problemOfRejection("too_large")).toBe("too_large");
  });

  it("uses the server's content-check limit", () => {
    expect(RESUME_MAX_BYTES).toBe(MAX_RESUME_BYTES);
  });
});

describe("resumeDownloadName", () => {
  it("names the file after the student, plainly", () => {
    expect(resumeDownloadName("Ada", "Lovelace")).toBe("ada-lovelace-resume.docx");
    expect(resumeDownloadName("  Zoë ", "O'Brien-Núñez")).toBe("zoe-o-brien-nunez-resume.docx");
    expect(resumeDownloadName("", "")).toBe("student-resume.docx");
    expect(resumeDownloadName("李", "")).toBe("student-resume.docx");
  });
});
