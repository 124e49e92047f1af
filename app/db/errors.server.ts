/**
 * Whether a database error is a unique index refusing a row (PostgreSQL's SQLSTATE 23505,
 * SQLite's "UNIQUE constraint failed"): the race a unique index settles, answered as "taken".
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null | undefined;
  return e?.code === "23505" || /UNIQUE constraint failed/.test(e?.message ?? "");
}
