import { ZoneNote } from "~/features/portal/zone-note";
import type { ZoneSource } from "~/features/portal/reader-zone";
import { OFFER_KIND_LABELS } from "~/features/outcomes/interviews.words";
import { applicationText as a, stageName } from "./job-search.words";
import type { Stage } from "./stages";

export interface HistoryEntry {
  id: string;
  from_stage: Stage | null;
  fromRound: number | null;
  to_stage: Stage;
  round: number | null;
  when: string;
  note: string | null;
  /** What the move reported (decision 0063): the interview's day, or the offer and its state. */
  interviewDate: string | null;
  offer: { kind: string; confirmed: string | null } | null;
}

const kindLabel = (kind: string) =>
  OFFER_KIND_LABELS[kind as keyof typeof OFFER_KIND_LABELS] ?? kind;

/** An application's history, newest first, with the interview or offer each move reported. */
export function ApplicationHistory({
  history,
  zone,
  zoneFrom,
}: {
  history: readonly HistoryEntry[];
  zone: string;
  zoneFrom: ZoneSource;
}) {
  return (
    <>
      <ZoneNote zone={zone} from={zoneFrom} />
      <ol className="mt-3 space-y-2" data-history="">
        {history.map((move) => (
          <li key={move.id} className="border-l-2 border-brand-100 pl-3">
            <p className="font-medium text-slate-900">
              {a.historyItem(
                move.from_stage ? stageName(move.from_stage, move.fromRound) : null,
                stageName(move.to_stage, move.round),
              )}
            </p>
            <p className="text-sm text-slate-700">{move.when}</p>
            {move.interviewDate && (
              <p className="text-sm text-slate-800" data-interview-date="">
                {a.interviewOn(move.interviewDate)}
              </p>
            )}
            {move.offer && (
              <p
                className="text-sm text-slate-800"
                data-offer={move.offer.confirmed ? "confirmed" : "waiting"}
              >
                {move.offer.confirmed
                  ? a.offerConfirmed(kindLabel(move.offer.kind), move.offer.confirmed)
                  : a.offerWaiting(kindLabel(move.offer.kind))}
              </p>
            )}
            {move.note && <p className="text-sm text-slate-800">{move.note}</p>}
          </li>
        ))}
      </ol>
    </>
  );
}
