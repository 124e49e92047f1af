/** An applicant who asked a question was promised a reply within this many hours. */
export const REPLY_PROMISE_HOURS = 24;

/** The question in an application's stored answers, trimmed; '' when they asked none. */
export function questionOf(answers: Record<string, unknown>): string {
  const question = answers.hasQuestions;
  return typeof question === "string" ? question.trim() : "";
}

/** Whether a question asked at `askedAt` has waited past the promised reply time at `now`. */
export function isReplyOverdue(askedAt: Date, now: Date): boolean {
  return now.getTime() - askedAt.getTime() >= REPLY_PROMISE_HOURS * 3_600_000;
}
