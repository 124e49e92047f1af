import { data } from "react-router";

/** The record an admin page is about; when there is none (a stale link), the page answers 404. */
export function orNotFound<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) throw data(null, { status: 404 });
  return record;
}
