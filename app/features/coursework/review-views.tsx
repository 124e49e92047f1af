import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { ChoiceGroup, FileField, FormAlert, TextArea } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { DataTable, HeadedRow } from "~/components/ui/table";
import { isHttpsUrl } from "~/lib/https-url";
import { LIMITS, REVIEW_VERDICTS } from "./coursework";
import type { ReviewPage, WorkItem } from "./reviews.server";
import {
  reviewPageText as p,
  reviewQueueText as q,
  STATUS_LABELS,
  VERDICT_LABELS,
  workLinksText as w,
} from "./reviews.words";

const reviewPath = (id: string) => `/portal/mentor/reviews/${id}`;

/** The mentor's queue: one row per waiting version, the longest waiting first. */
export function ReviewQueue({ items }: { items: readonly WorkItem[] }) {
  if (items.length === 0) return <p className="text-slate-700">{q.empty}</p>;
  return (
    <DataTable columns={q.columns} label={q.tableLabel}>
      {items.map((item) => (
        <HeadedRow
          key={item.id}
          data-review-item={item.id}
          header={
            <Link
              to={reviewPath(item.id)}
              className={linkVariants()}
              aria-label={q.open(item.studentName, item.assignment, item.version)}
            >
              {item.studentName}
            </Link>
          }
          cells={[q.week(item.week), item.assignment, q.version(item.version), item.when]}
        />
      ))}
    </DataTable>
  );
}

/**
 * Links to the review page of each piece of work: a student's (their page) or a week's by the
 * mentor's students (a session's page, `named`: each with its student's name).
 */
export function WorkLinks({
  title,
  empty,
  items,
  named,
}: {
  title: string;
  empty: string;
  items: readonly WorkItem[];
  named?: boolean;
}) {
  return (
    <SectionCard title={title}>
      {items.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={item.id} data-work-link={item.id}>
              <Link to={reviewPath(item.id)} className={linkVariants()}>
                {named
                  ? w.itemOf(item.studentName, item.assignment, item.version)
                  : w.item(item.week, item.assignment, item.version)}
              </Link>
              <span className="block text-sm text-slate-600">
                {w.detail(STATUS_LABELS[item.status], item.when)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

type Version = ReviewPage["versions"][number];

/** Every version of the work, the newest first: its answer, link or file, and its reviews. */
export function VersionList({ page }: { page: ReviewPage }) {
  return (
    <SectionCard title={p.versionsHeading}>
      <p className="text-sm text-slate-600">{p.versionsIntro}</p>
      <ol className="mt-3 space-y-5">
        {page.versions.map((version) => (
          <li
            key={version.id}
            data-version={version.version}
            className="border-t border-slate-200 pt-4"
          >
            <h3 className="font-semibold text-slate-900">
              {p.version(version.version)}
              {version.id === page.reviewing.id && (
                <span className="font-normal text-slate-600"> ({p.reviewing})</span>
              )}
            </h3>
            <p className="text-sm text-slate-700">{p.sent(version.when)}</p>
            <p className="text-sm text-slate-700">{p.status(STATUS_LABELS[version.status])}</p>
            <Work version={version} />
            <Reviews version={version} />
            {version.id !== page.reviewing.id && (
              <p className="mt-2 text-sm">
                <Link to={reviewPath(version.id)} className={linkVariants({ size: "sm" })}>
                  {p.reviewThis(version.version)}
                </Link>
              </p>
            )}
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}

const fileHref = (id: string) => `/portal/files/${id}`;

function Work({ version }: { version: Version }) {
  return (
    <div className="mt-2">
      {version.body !== null && (
        <>
          <p className="text-sm font-medium text-slate-900">{p.answer}</p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{version.body}</p>
        </>
      )}
      {version.url !== null && (
        <p className="text-sm">
          <span className="font-medium text-slate-900">{p.link}: </span>
          {isHttpsUrl(version.url) ? (
            <a
              href={version.url}
              rel="noopener noreferrer nofollow"
              className={linkVariants({ weight: "normal" })}
            >
              {version.url}
            </a>
          ) : (
            <span className="wrap-anywhere">{version.url}</span>
          )}
        </p>
      )}
      {version.file && (
        <p className="text-sm">
          <a href={fileHref(version.file.id)} download className={linkVariants()}>
            {p.download(version.file.name)}
          </a>
        </p>
      )}
    </div>
  );
}

function Reviews({ version }: { version: Version }) {
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-slate-900">{p.reviewsHeading}</h4>
      {version.reviews.length === 0 ? (
        <p className="text-sm text-slate-600">{p.noReviews}</p>
      ) : (
        <ul className="mt-1 space-y-2">
          {version.reviews.map((review) => (
            <li key={review.id} className="text-sm">
              <p className="font-medium text-slate-900">
                {p.reviewBy(review.mentorName, VERDICT_LABELS[review.verdict], review.when)}
              </p>
              <p className="whitespace-pre-line wrap-anywhere text-slate-800">{review.comment}</p>
              {review.file && (
                <a href={fileHref(review.file.id)} download className={linkVariants()}>
                  {p.annotated(review.file.name)}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The review form: a comment, a verdict and an optional annotated copy (a plain multipart post). */
export function ReviewForm({
  version,
  lastResult,
}: {
  version: number;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useForm<{ comment: string; verdict: string; file?: File }>({
    id: "review",
    lastResult,
  });
  return (
    <SectionCard title={p.formHeading(version)}>
      <p className="mb-4 text-sm text-slate-600">{p.formIntro}</p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="space-y-4"
        data-review-form=""
      >
        <FormAlert errors={form.errors} />
        <TextArea
          field={fields.comment}
          label={p.comment}
          hint={p.commentHint(LIMITS.comment)}
          required
          maxLength={LIMITS.comment}
        />
        <ChoiceGroup
          field={fields.verdict}
          legend={p.verdict}
          type="radio"
          required
          options={REVIEW_VERDICTS.map((verdict) => ({
            value: verdict,
            label: VERDICT_LABELS[verdict],
          }))}
        />
        <FileField field={fields.file} label={p.file} hint={p.fileHint} accept=".docx" />
        <Button type="submit" size="touch">
          {p.save}
        </Button>
      </Form>
    </SectionCard>
  );
}
