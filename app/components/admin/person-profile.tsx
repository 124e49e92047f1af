import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionCard as Card } from "~/components/ui/card";
import type { PersonDetail } from "~/people/person-detail.server";
import { consoleText } from "~/content/console";

const t = consoleText.person;

export function KeyValues({ values }: { values: Record<string, unknown> | null }) {
  if (!values || Object.keys(values).length === 0) return <None />;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {Object.entries(values).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-700">{key}</dt>
          <dd className="break-words">
            {typeof value === "object" ? JSON.stringify(value) : String(value ?? "")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function None() {
  return <p className="text-slate-600">{t.none}</p>;
}

/** A card listing one kind of record about the person, or saying there is none. */
export function ListCard<T>({
  title,
  items,
  ordered = false,
  children,
}: {
  title: string;
  items: readonly T[];
  ordered?: boolean;
  children: (item: T, index: number) => ReactNode;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <Card title={title}>
      {items.length === 0 ? (
        <None />
      ) : (
        <List className="space-y-1 text-sm">{items.map(children)}</List>
      )}
    </Card>
  );
}

export function ProfileCard({ person }: { person: PersonDetail["person"] }) {
  return (
    <Card title={t.profile}>
      <KeyValues
        values={{
          [t.fields.email]: person.email,
          [t.fields.university]: person.university,
          [t.fields.graduationYear]: person.graduation_year,
          [t.fields.status]: person.status,
          [t.fields.leadSource]: person.lead_source,
          [t.fields.tags]: person.tags.join(", "),
          [t.fields.leadMagnets]: person.lead_magnets.join(", "),
          [t.fields.lastLeadMagnet]: person.last_lead_magnet_type
            ? `${person.last_lead_magnet_type} (${person.last_lead_magnet_at})`
            : "",
          [t.fields.created]: person.created_at,
          [t.fields.updated]: person.updated_at,
        }}
      />
    </Card>
  );
}

export function TouchesCard({ person }: { person: PersonDetail["person"] }) {
  return (
    <Card title={t.touches}>
      <h3 className="text-sm font-semibold">{t.firstTouch}</h3>
      <KeyValues values={person.first_touch} />
      <h3 className="mt-3 text-sm font-semibold">{t.lastTouch}</h3>
      <KeyValues values={person.last_touch} />
    </Card>
  );
}

export function HistoryCard({ history }: { history: PersonDetail["history"] }) {
  return (
    <ListCard title={t.history} items={history} ordered>
      {(entry, index) => (
        <li key={index}>
          <span className="font-medium">{entry.status}</span> · {entry.reason} ·{" "}
          <time>{entry.at}</time>
        </li>
      )}
    </ListCard>
  );
}

export function SubmissionsCard({ submissions }: { submissions: PersonDetail["submissions"] }) {
  return (
    <Card title={t.submissions}>
      {submissions.length === 0 ? (
        <None />
      ) : (
        submissions.map((submission) => (
          <details key={submission.id} className="border-t border-slate-100 py-2">
            <summary className="cursor-pointer text-sm font-medium">
              {submission.type} · {submission.status} · {submission.created_at}
            </summary>
            <div className="mt-2">
              <KeyValues values={submission.formData} />
            </div>
          </details>
        ))
      )}
    </Card>
  );
}

/** What marketing mail the person gets, each consent as given, and a bounce flag to clear. */
export function MarketingCard({
  person,
  consents,
}: {
  person: PersonDetail["person"];
  consents: PersonDetail["consents"];
}) {
  return (
    <Card title={t.marketing}>
      {person.undeliverable_at ? (
        <div
          className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
          data-testid="undeliverable"
        >
          <p>{t.undeliverable(person.undeliverable_at, person.undeliverable_reason ?? "")}</p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="clear_undeliverable" />
            <Button type="submit" variant="secondary" size="xs">
              {t.clearUndeliverable}
            </Button>
          </Form>
        </div>
      ) : null}
      <KeyValues
        values={{
          [t.marketingStatus]: t.marketingStatuses[person.marketing],
          [t.marketingChanged]: person.marketing_changed_at ?? "",
        }}
      />
      <h3 className="mt-3 text-sm font-semibold">{t.consents}</h3>
      {consents.length === 0 ? (
        <None />
      ) : (
        <ul className="space-y-1 text-sm">
          {consents.map((consent) => (
            <li key={consent.given_at + consent.source}>
              {consent.given_at} · {consent.source} · {consent.mode}: “{consent.wording}”
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
