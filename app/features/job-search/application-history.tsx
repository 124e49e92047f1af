import { OFFER_KIND_LABELS } from "~/features/outcomes/interviews.words";
import { applicationText as a, stageName } from "./job-search.words";
import { mentorByline, noteEntry, studentByline } from "./mentor-board.words";
import type { Stage } from "./stages";

const kindLabel = (kind: string) =>
  OFFER_KIND_LABELS[kind as keyof typeof OFFER_KIND_LABELS] ?? kind;

/** Who an entry is by, as its reader sees it. */
type By = "you" | "student" | "mentor";

/** One entry of an application's history: a move of its stage, or a note. */
export type HistoryItem =
  | {
      kind: "move";
      id: string;
      from_stage: Stage | null;
      fromRound: number | null;
      to_stage: Stage;
      round: number | null;
      note: string | null;
      by: By;
      when: string;
      /** What the move reported (decision 0063): the interview's day, or the offer and its state. */
      interviewDate: string | null;
      offer: { kind: string; confirmed: string | null } | null;
    }
  | { kind: "note"; id: string; body: string; by: By; when: string };

/**
 * An application's history, newest first, for its student or their mentor: each move (from, to,
 * its note) and each note, with when and, when it was not the reader, by whom.
 */
export function ApplicationHistory({
  history,
  reader,
}: {
  history: readonly HistoryItem[];
  reader: "student" | "mentor";
}) {
  const bylines = reader === "student" ? studentByline : mentorByline;
  return (
    <ol className="mt-3 space-y-2" data-history="">
      {history.map((entry) => {
        const byline = bylines[entry.by];
        return (
          <li
            key={entry.id}
            className="border-l-2 border-brand-100 pl-3"
            data-by={entry.by}
            data-kind={entry.kind}
          >
            <p className="font-medium text-slate-900">
              {entry.kind === "note"
                ? noteEntry
                : a.historyItem(
                    entry.from_stage ? stageName(entry.from_stage, entry.fromRound) : null,
                    stageName(entry.to_stage, entry.round),
                  )}
            </p>
            <p className="text-sm text-slate-700">
              {entry.when}
              {byline && `, ${byline}`}
            </p>
            {entry.kind === "move" && entry.interviewDate && (
              <p className="text-sm text-slate-800" data-interview-date="">
                {a.interviewOn(entry.interviewDate)}
              </p>
            )}
            {entry.kind === "move" && entry.offer && (
              <p
                className="text-sm text-slate-800"
                data-offer={entry.offer.confirmed ? "confirmed" : "waiting"}
              >
                {entry.offer.confirmed
                  ? a.offerConfirmed(kindLabel(entry.offer.kind), entry.offer.confirmed)
                  : a.offerWaiting(kindLabel(entry.offer.kind))}
              </p>
            )}
            {entry.kind === "note" ? (
              <p className="text-sm whitespace-pre-line text-slate-800">{entry.body}</p>
            ) : (
              entry.note && <p className="text-sm text-slate-800">{entry.note}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
