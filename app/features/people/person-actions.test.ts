import { describe, expect, it } from "vitest";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
import { mayGetEnrollLink, mayGetSeatOffer } from "./person-actions";

describe("what the owner may do for a person, by their status", () => {
  it("sends the link to the qualified only, and offers seats to applicants not yet enrolled", () => {
    expect(PERSON_STATUSES.filter(mayGetEnrollLink)).toEqual(["qualified"]);
    expect(PERSON_STATUSES.filter(mayGetSeatOffer)).toEqual([
      "qualified",
      "waitlist",
      "has_questions",
    ]);
  });
});
