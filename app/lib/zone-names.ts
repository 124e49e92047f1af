/** IANA zone names: which are real, the list a form offers, and how people read one. Intl only. */

const ZONE_NAME = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9][A-Za-z0-9_+-]*){1,2}$/;

let knownZones: ReadonlySet<string> | undefined;
function supportedZones(): ReadonlySet<string> {
  knownZones ??= new Set(Intl.supportedValuesOf("timeZone"));
  return knownZones;
}

/**
 * A real IANA time zone: one this runtime lists, or a name of the IANA database it knows under
 * another spelling (Asia/Kolkata where the list says Asia/Calcutta). UTC offsets ("+01:00"),
 * abbreviations ("EST") and made-up names are refused.
 */
export function isTimeZone(value: string): boolean {
  if (value === "UTC" || supportedZones().has(value)) return true;
  if (!ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zones the form offers: every zone this runtime lists, plus any of `extra` it lacks. */
export function timeZoneOptions(extra: readonly (string | null)[] = []): string[] {
  const zones = new Set(supportedZones());
  for (const zone of extra) if (zone && isTimeZone(zone)) zones.add(zone);
  return [...zones].sort();
}

/** "America/Argentina/Buenos_Aires" as people read it: "America / Argentina / Buenos Aires". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll("_", " ").replaceAll("/", " / ");
}
