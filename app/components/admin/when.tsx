import { formatWhen } from "~/lib/time-zone";

/** The site's zone and the request's time, from the loader, so server and browser print alike. */
export interface Clock {
  zone: string;
  now: string;
}

/** An instant as the console prints it: in the site's zone, zone named ("Fri, Nov 27, 4:52 PM EST"). */
export const whenText = (iso: string, clock: Clock) =>
  formatWhen(new Date(iso), clock.zone, new Date(clock.now));

/** An instant in words, with the machine-readable time kept in `dateTime`. */
export function When({ at, clock }: { at: string; clock: Clock }) {
  return <time dateTime={at}>{whenText(at, clock)}</time>;
}
