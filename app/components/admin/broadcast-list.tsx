import { SectionCard } from "~/components/ui/card";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { broadcastConsole as t } from "~/content/broadcasts";
import type { BroadcastStatus } from "~/db/marketing-schema";

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
        <DataTable columns={Object.values(t.columns)}>
          {broadcasts.map((b) => (
            <Row key={b.id} data-testid="broadcast-row">
              <RowHeader>{b.subject}</RowHeader>
              <Cell>{b.sendAtDisplay}</Cell>
              <Cell>{t.statuses[b.status]}</Cell>
              <Cell>{b.queued}</Cell>
              <Cell>{b.sent}</Cell>
              <Cell>{b.failed}</Cell>
              <Cell>{b.suppressed}</Cell>
              <Cell>{b.unsubscribedSince}</Cell>
            </Row>
          ))}
        </DataTable>
      )}
    </SectionCard>
  );
}
