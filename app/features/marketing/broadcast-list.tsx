import { SectionCard } from "~/components/ui/card";
import { DataTable, HeadedRow } from "~/components/ui/table";
import { broadcastConsole as t } from "./broadcasts.words";
import type { BroadcastStatus } from "~/db/marketing-schema";
import { broadcastStage } from "./broadcast";

export interface BroadcastRow {
  id: string;
  subject: string;
  sendAtDisplay: string;
  status: BroadcastStatus;
  queued: number;
  sent: number;
  failed: number;
  suppressed: number;
  unsubscribedSince: number;
}

/** Each broadcast's progress: queued, sent, failed, skipped at send time, unsubscribed since. */
export function BroadcastList({ broadcasts }: { broadcasts: BroadcastRow[] }) {
  return (
    <SectionCard title={t.historyTitle} className="mt-6">
      {broadcasts.length === 0 ? (
        <p className="text-sm text-slate-700">{t.none}</p>
      ) : (
        <DataTable columns={Object.values(t.columns)} label={t.historyTitle}>
          {broadcasts.map((b) => (
            <HeadedRow
              key={b.id}
              data-testid="broadcast-row"
              header={b.subject}
              cells={[
                t.statuses[broadcastStage(b.status, b)],
                b.sent,
                b.sendAtDisplay,
                b.queued,
                b.failed,
                b.suppressed,
                b.unsubscribedSince,
              ]}
            />
          ))}
        </DataTable>
      )}
    </SectionCard>
  );
}
