/**
 * The back office's days (decision 0032): Asia/Dhaka's, UTC+06:00 all year (Bangladesh keeps no
 * summer time), the time zone every screen shows and every report is cut by.
 */
export const BACK_OFFICE_TIME_ZONE = 'Asia/Dhaka';
export const DHAKA_OFFSET_MINUTES = 360;
const OFFSET_MS = DHAKA_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The Dhaka day of an instant, as `2026-11-25`. */
export const dhakaDayOf = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Dhaka day (`2026-11-25`) starts. */
export const dhakaDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
