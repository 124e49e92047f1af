/**
 * The graduation-year rule of the application and lead forms (spec §5): exactly four digits and
 * not earlier than the year in force. The year in force is the current cohort's setting, so the
 * owner can accept recent graduates; without a setting it is the current year, the spec's rule.
 */

/** The earliest year the setting may name. */
export const GRADUATION_YEAR_SETTING_MIN = 1950;
/** How many years past the current one the setting may name. */
export const GRADUATION_YEAR_SETTING_YEARS_AHEAD = 10;

/** The current year as the server counts it: in UTC, so no server time zone moves it. */
export function currentYear(now: Date): number {
  return now.getUTCFullYear();
}

/**
 * The earliest graduation year the forms accept: the cohort's setting, else `current` (the
 * current year, `currentYear(now)`).
 */
export function graduationYearInForce(setting: number | null, current: number): number {
  return setting ?? current;
}

/** The years the owner may set as the earliest graduation year, in the year `current`. */
export function graduationYearSettingRange(current: number): { min: number; max: number } {
  return {
    min: GRADUATION_YEAR_SETTING_MIN,
    max: current + GRADUATION_YEAR_SETTING_YEARS_AHEAD,
  };
}

/** Whether `value`, as typed, is a year the setting may name in the year `current`. */
export function isGraduationYearSetting(value: string, current: number): boolean {
  if (!/^\d{4}$/.test(value)) return false;
  const { min, max } = graduationYearSettingRange(current);
  const year = Number(value);
  return year >= min && year <= max;
}
