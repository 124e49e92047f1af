/**
 * Net Promoter Score of the end-of-programme survey (issue 36): answers 9-10 promote, 0-6
 * detract; NPS = % promoters − % detractors, a whole number from −100 to 100, null without
 * answers. Pure: no I/O.
 */
export interface NpsSummary {
  answers: number;
  promoters: number;
  passives: number;
  detractors: number;
  nps: number | null;
}

export function npsOf(scores: readonly number[]): NpsSummary {
  const promoters = scores.filter((score) => score >= 9).length;
  const detractors = scores.filter((score) => score <= 6).length;
  const answers = scores.length;
  return {
    answers,
    promoters,
    passives: answers - promoters - detractors,
    detractors,
    nps: answers === 0 ? null : Math.round(((promoters - detractors) / answers) * 100),
  };
}
