import type { Submission } from "@conform-to/react";
import { refuse } from "~/lib/form.server";
import { jobSearchText as t } from "./job-search.words";
import type { MoveOutcome } from "./job-search.server";
import { interviewsText } from "~/features/outcomes/interviews.words";

const o = interviewsText.errors;

/**
 * The answer to a refused move, the same on the student's and the mentor's application page: the
 * form drawn from an old stage (409), a stage or round the rules refuse (under its field), or an
 * interview or offer the programme cannot take (409, decision 0063).
 */
export function refuseMove(
  submission: Submission<unknown>,
  kind: Exclude<MoveOutcome["kind"], "moved" | "not_found">,
) {
  switch (kind) {
    case "moved_meanwhile":
      return refuse(submission, { message: t.errors.moved, form: true, status: 409 });
    case "not_allowed":
      return refuse(submission, { message: t.errors.notAllowed, field: "to" });
    case "round":
      return refuse(submission, { message: t.errors.round, field: "round" });
    case "no_seat":
      return refuse(submission, { message: o.noSeat, status: 409 });
    case "too_many_interviews":
      return refuse(submission, { message: o.tooManyInterviews, status: 409 });
    case "too_many_offers":
      return refuse(submission, { message: o.tooManyOffers, status: 409 });
  }
}
