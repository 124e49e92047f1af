/**
 * Values read once and kept in this process's memory for a few seconds (the home page's live
 * parts, decision 0058): every request until then shares the one read, in flight or done. A write
 * answered by this instance clears them all (server/app.ts), so it shows on the next page here;
 * another instance's write shows once the value expires. A read that fails is not kept.
 */
export class Memo {
  readonly #kept = new Map<string, { until: number; value: Promise<unknown> }>();

  /** `now`: milliseconds on a clock that only moves forward (tests hand in their own). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  get<T>(key: string, ttlMs: number, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const kept = this.#kept.get(key);
    if (kept && now < kept.until) return kept.value as Promise<T>;
    const entry = { until: now + ttlMs, value: read() };
    this.#kept.set(key, entry);
    entry.value.catch(() => {
      if (this.#kept.get(key) === entry) this.#kept.delete(key);
    });
    return entry.value;
  }

  /** Forgets every value, a read in flight included: the next request reads again. */
  clear(): void {
    this.#kept.clear();
  }
}
