import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionCard as Card } from "~/components/ui/card";
import type { PersonDetail } from "./person-detail.server";
import { When, whenText, type Clock } from "~/components/admin/when";
import { consoleText } from "~/content/console";
import {
  consentModeWords,
  consentSourceWords,
  resourceWords,
  sourceWords,
  statusName,
  submissionAnswers,
  submissionTypeWords,
  tagWords,
  touchWords,
  waitlistReasonWords,
} from "~/content/console-words";

const t = consoleText.person;

/** Labelled values, each already in words (a code, a list, a time made readable by the caller). */
export function KeyValues({ values }: { values: readonly (readonly [string, ReactNode])[] }) {
  if (values.length === 0) return <None />;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {values.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-700">{key}</dt>
          <dd className="wrap-anywhere">
            {value === "" ? <span className="text-slate-600">{t.empty}</span> : value}
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

export function ProfileCard({ person, clock }: { person: PersonDetail["person"]; clock: Clock }) {
  const lastMagnet = person.last_lead_magnet_type;
  return (
    <Card title={t.profile}>
      <KeyValues
        values={[
          [t.fields.email, person.email],
          [t.fields.university, person.university],
          [t.fields.graduationYear, person.graduation_year],
          [t.fields.status, statusName(person.status)],
          [t.fields.leadSource, sourceWords(person.lead_source)],
          [t.fields.tags, person.tags.map(tagWords).join(", ")],
          [t.fields.leadMagnets, person.lead_magnets.map(resourceWords).join(", ")],
          [
            t.fields.lastLeadMagnet,
            lastMagnet ? (
              <>
                {resourceWords(lastMagnet)}
                {person.last_lead_magnet_at ? (
                  <>
                    {" "}
                    (<When at={person.last_lead_magnet_at} clock={clock} />)
                  </>
                ) : null}
              </>
            ) : (
              ""
            ),
          ],
          [t.fields.created, <When key="created" at={person.created_at} clock={clock} />],
          [t.fields.updated, <When key="updated" at={person.updated_at} clock={clock} />],
        ]}
      />
    </Card>
  );
}

export function TouchesCard({ person }: { person: PersonDetail["person"] }) {
  return (
    <Card title={t.touches}>
      <h3 className="text-sm font-semibold">{t.firstTouch}</h3>
      <KeyValues values={touchWords(person.first_touch)} />
      <h3 className="mt-3 text-sm font-semibold">{t.lastTouch}</h3>
      <KeyValues values={touchWords(person.last_touch)} />
    </Card>
  );
}

export function HistoryCard({
  history,
  clock,
}: {
  history: PersonDetail["history"];
  clock: Clock;
}) {
  return (
    <ListCard title={t.history} items={history} ordered>
      {(entry, index) => (
        <li key={index}>
          <span className="font-medium">{statusName(entry.status)}</span> ·{" "}
          {waitlistReasonWords(entry.reason)} · <When at={entry.at} clock={clock} />
        </li>
      )}
    </ListCard>
  );
}

/** A stored form's heading: what it was (an application and its outcome, or which resource). */
function submissionTitle(submission: PersonDetail["submissions"][number]): string {
  const kind = submissionTypeWords[submission.type];
  if (submission.type === "application") return `${kind}: ${statusName(submission.status)}`;
  const resource = submission.formData.resourceType;
  return typeof resource === "string" ? `${kind}: ${resourceWords(resource)}` : kind;
}

export function SubmissionsCard({
  submissions,
  clock,
}: {
  submissions: PersonDetail["submissions"];
  clock: Clock;
}) {
  return (
    <Card title={t.submissions}>
      {submissions.length === 0 ? (
        <None />
      ) : (
        submissions.map((submission) => (
          <details key={submission.id} className="border-t border-slate-100 py-2">
            <summary className="cursor-pointer text-sm font-medium">
              {submissionTitle(submission)} · <When at={submission.created_at} clock={clock} />
            </summary>
            <div className="mt-2">
              <KeyValues values={submissionAnswers(submission.formData)} />
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
  clock,
}: {
  person: PersonDetail["person"];
  consents: PersonDetail["consents"];
  clock: Clock;
}) {
  return (
    <Card title={t.marketing}>
      {person.undeliverable_at ? (
        <div
          className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
          data-testid="undeliverable"
        >
          <p>
            {t.undeliverable(
              whenText(person.undeliverable_at, clock),
              person.undeliverable_reason ?? "",
            )}
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="clear_undeliverable" />
            <Button type="submit" variant="secondary" size="xs">
              {t.clearUndeliverable}
            </Button>
          </Form>
        </div>
      ) : null}
      <KeyValues
        values={[
          [t.marketingStatus, t.marketingStatuses[person.marketing]],
          [
            t.marketingChanged,
            person.marketing_changed_at ? (
              <When at={person.marketing_changed_at} clock={clock} />
            ) : (
              ""
            ),
          ],
        ]}
      />
      <h3 className="mt-3 text-sm font-semibold">{t.consents}</h3>
      {consents.length === 0 ? (
        <None />
      ) : (
        <ul className="space-y-1 text-sm">
          {consents.map((consent) => (
            <li key={consent.given_at + consent.source}>
              <When at={consent.given_at} clock={clock} /> · {consentSourceWords(consent.source)} ·{" "}
              {consentModeWords[consent.mode]}: “{consent.wording}”
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
