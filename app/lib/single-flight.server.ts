import { errorMessage, log } from "./logger.server";

/**
 * Work a timer starts again and again (the mail worker, housekeeping): a run asked for while one
 * is in progress gets that run instead of starting a second beside it.
 */
export class SingleFlight<T> {
  private current: Promise<T> | null = null;

  constructor(
    private readonly work: () => Promise<T>,
    /** The log message when a run started by the timer fails. */
    private readonly failureMessage: string,
  ) {}

  /** The run in progress, if any: stopping waits for it. */
  get inProgress(): Promise<T> | null {
    return this.current;
  }

  run(): Promise<T> {
    if (this.current) return this.current;
    this.current = this.work().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  /** For the timer: nothing while a run is in progress, and a failure is logged, not thrown. */
  async tick(): Promise<void> {
    if (this.current) return;
    try {
      await this.run();
    } catch (error) {
      log.error(this.failureMessage, { error: errorMessage(error) });
    }
  }
}
