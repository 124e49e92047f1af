import { describe, expect, it } from "vitest";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
import { STATUS_REASONS } from "~/features/applications/application-outcome";
import {
  answerText,
  campaignWords,
  consentSourceWords,
  EMAIL_KINDS,
  emailKindWords,
  humanize,
  outboxStateWord,
  resourceWords,
  sourceWords,
  statusName,
  statusNames,
  submissionAnswers,
  tagWords,
  touchWords,
  waitlistReasonWords,
} from "./console-words";
import { leadMagnets } from "~/features/leads/lead-magnets.words";

/** A stored code (snake_case, `kind:part`) left as it is stored. */
const CODE = /\b[a-z]+[_:][a-z0-9_:-]+\b/;

describe("the console's words for stored codes", () => {
  it("names every person status, none as its code", () => {
    for (const status of PERSON_STATUSES) {
      expect(statusNames[status]).not.toMatch(CODE);
      expect(statusName(status)).not.toBe(status);
    }
    expect(statusName("has_questions")).toBe("Has questions");
  });

  it("names the kinds of every email the site sends, built ones (resources, nurture) included", () => {
    expect(EMAIL_KINDS).toEqual(
      expect.arrayContaining([
        "owner_application",
        "enrollment_confirmation",
        "lead_resume",
        "lead_resource_library",
        "nurture:resume:3",
      ]),
    );
    for (const kind of EMAIL_KINDS) expect(emailKindWords(kind), kind).not.toMatch(CODE);
    expect(emailKindWords("enrollment_confirmation")).toBe("Enrollment receipt");
    expect(emailKindWords("lead_tracker")).toBe("Free resource: Application Tracker");
    expect(emailKindWords("nurture:outreach:2")).toBe("Cold Outreach Scripts follow-up, email 2");
  });

  it("reads a code no list knows yet as words, never as the code", () => {
    expect(humanize("some_new_kind")).toBe("Some new kind");
    expect(humanize("seat-offers")).toBe("Seat offers");
    expect(humanize("resumesDeleted")).toBe("Resumes deleted");
    expect(emailKindWords("a_kind_added_later")).toBe("A kind added later");
    expect(outboxStateWord("pending")).toBe("Waiting to send");
  });

  it("names each resource by type or file, and each resource's tag", () => {
    for (const [type, magnet] of Object.entries(leadMagnets)) {
      expect(resourceWords(type)).toBe(magnet.label);
      expect(tagWords(magnet.tag)).toBe(`${magnet.label} lead`);
    }
    expect(resourceWords("outreach-scripts")).toBe("Cold Outreach Scripts");
    expect(tagWords("resume_template_lead")).toBe("Resume Template lead");
  });

  it("names the sources and campaigns the site writes, and keeps the ones typed by hand", () => {
    expect(sourceWords("direct")).toBe("Direct (no tagged link)");
    expect(sourceWords("linkedin")).toBe("LinkedIn");
    expect(sourceWords("podcast_spring")).toBe("podcast_spring");
    expect(campaignWords("resume_template")).toBe("Resume Template");
    expect(campaignWords("spring-fair")).toBe("spring-fair");
  });

  it("says why someone is waitlisted in the notification's words; an owner's own reason as written", () => {
    expect(waitlistReasonWords(STATUS_REASONS.cannotCommit)).toBe("cannot commit 5 hours a week");
    expect(waitlistReasonWords(STATUS_REASONS.cohortFull)).toBe("the cohort is full");
    expect(waitlistReasonWords("Moved to the spring cohort")).toBe("Moved to the spring cohort");
  });

  it("labels a touch's tags and names its source and campaign", () => {
    expect(
      touchWords({ utm_source: "youtube", utm_campaign: "application", utm_term: "yt_abc" }),
    ).toEqual([
      ["Source", "YouTube"],
      ["Campaign", "Mentorship Application"],
      ["Term (video id or rep code)", "yt_abc"],
    ]);
    expect(touchWords(null)).toEqual([]);
  });

  it("names where a consent was given", () => {
    expect(consentSourceWords("lead:resume")).toBe("Resume Template form");
    expect(consentSourceWords("application")).toBe("Application form");
    expect(consentSourceWords("unsubscribe page")).toBe("Unsubscribe page");
  });

  it("shows a stored form's answers labelled, lists joined, objects in parts, empty ones left out", () => {
    const answers = submissionAnswers({
      careerTargets: ["Banking", "Consulting"],
      hoursPerWeek: "yes",
      readyToEnroll: "questions",
      careerOther: "",
      resourceType: "resume",
      utm: { utm_source: "linkedin", utm_campaign: "resume_template" },
      leadSourceDetails: { referralName: "Sam" },
      hasQuestions: "Is there a payment plan?",
    });
    expect(answers).toEqual([
      ["Career targets", "Banking, Consulting"],
      ["5+ hours a week", "Yes"],
      ["Ready to enroll", "Has questions first"],
      ["Resource", "Resume Template"],
      ["Tracked link", "Source: LinkedIn; Campaign: Resume Template"],
      ["Lead source details", "Referred by: Sam"],
      ["Their question", "Is there a payment plan?"],
    ]);
    for (const [label, text] of answers) {
      expect(label).not.toMatch(CODE);
      expect(text).not.toMatch(/[[{]"/);
    }
    expect(answerText("heardFrom", "social")).toBe("Social media");
  });
});
