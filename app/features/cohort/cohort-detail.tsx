import { Form } from "react-router";
import type { QueueEntry } from "./queue.server";
import type { RosterRow } from "./series.server";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { When, whenText, type Clock } from "~/components/admin/when";
import { cohortConsole as t } from "./cohorts.words";
import { formatDollars } from "~/features/enrollment/pricing.words";

function QueueButton({ id, intent, label }: { id: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="xs">
        {label}
      </Button>
    </Form>
  );
}

/** A cohort's seat queue, offered places first, with the owner's actions on each open place. */
export function QueueCard({
  queue,
  canOffer,
  clock,
}: {
  queue: QueueEntry[];
  canOffer: boolean;
  clock: Clock;
}) {
  const open = queue.filter((entry) => entry.status === "waiting" || entry.status === "offered");
  return (
    <SectionCard title={t.queueTitle}>
      <p className="text-sm text-slate-700">{t.queueIntro}</p>
      {open.length === 0 ? (
        <p className="mt-3 text-slate-700">{t.queueEmpty}</p>
      ) : (
        <DataTable columns={t.queueColumns} label={t.queueTitle} frame="none" className="mt-3">
          {open.map((entry, index) => (
            <Row key={entry.id} data-testid="queue-row">
              <Cell>{index + 1}</Cell>
              <RowHeader className="min-w-40">
                <a href={`/admin/people/${entry.personId}`} className={linkVariants()}>
                  {entry.name || entry.email}
                </a>
                <span className="block text-xs font-normal text-slate-700">{entry.email}</span>
              </RowHeader>
              <Cell className="min-w-36">
                {t.queueStatus[entry.status]}
                {entry.offerEndsAt ? ` (${t.offerEnds(whenText(entry.offerEndsAt, clock))})` : ""}
              </Cell>
              <Cell>
                <div className="flex flex-wrap gap-2">
                  {entry.status === "waiting" &&
                  index > 0 &&
                  open[index - 1]?.status === "waiting" ? (
                    <QueueButton id={entry.id} intent="move_up" label={t.moveUp} />
                  ) : null}
                  {entry.status === "waiting" && canOffer ? (
                    <QueueButton id={entry.id} intent="offer" label={t.offerSeat} />
                  ) : null}
                  <QueueButton id={entry.id} intent="remove" label={t.remove} />
                </div>
              </Cell>
              <Cell className="whitespace-nowrap">
                <When at={entry.joinedAt} clock={clock} />
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
    </SectionCard>
  );
}

export function RosterCard({
  cohortId,
  roster,
  clock,
}: {
  cohortId: string;
  roster: RosterRow[];
  clock: Clock;
}) {
  return (
    <SectionCard title={t.rosterTitle}>
      <a
        href={`/admin/cohorts/${cohortId}/roster.csv`}
        className={linkVariants({ weight: "medium", size: "sm" })}
        download
      >
        {t.exportCsv}
      </a>
      {roster.length === 0 ? (
        <p className="mt-3 text-slate-700">{t.rosterEmpty}</p>
      ) : (
        <DataTable columns={t.rosterColumns} label={t.rosterTitle} frame="none" className="mt-3">
          {roster.map((row) => (
            <Row key={row.personId} data-testid="roster-row">
              <RowHeader className="min-w-32">
                <a href={`/admin/people/${row.personId}`} className={linkVariants()}>
                  {row.name || row.email}
                </a>
              </RowHeader>
              <Cell>{formatDollars(row.amountCents)}</Cell>
              <Cell className="whitespace-nowrap">
                <When at={row.paidAt} clock={clock} />
              </Cell>
              <Cell>{row.email}</Cell>
              <Cell>{row.university}</Cell>
              <Cell>{row.graduationYear}</Cell>
            </Row>
          ))}
        </DataTable>
      )}
    </SectionCard>
  );
}
