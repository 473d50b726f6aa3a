// docs/engineering.md "Time": stored in UTC, shown DD-MM-YYYY HH:mm:ss in the user's offset (default +07:00).
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

export function offsetMinutes(offset: string): number {
  const m = OFFSET.exec(offset);
  if (!m) return 0; // SPEC §9: fall back to +00:00
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(value: Date | string | number, offset = '+07:00'): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const shifted = new Date(d.getTime() + offsetMinutes(offset) * 60_000);
  return `${pad(shifted.getUTCDate())}-${pad(shifted.getUTCMonth() + 1)}-${shifted.getUTCFullYear()} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
}

/** The day of an instant at `offset`: DD-MM-YYYY ('' for a bad date). */
export function formatDay(value: Date | string | number, offset = '+07:00'): string {
  return formatDateTime(value, offset).slice(0, 10);
}

/**
 * A message's values with each ISO instant shown as its day at `offset` (DD-MM-YYYY); other values
 * pass unchanged.
 */
export function dayVars(vars: Record<string, string> | undefined, offset: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars ?? {})) out[k] = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(v) ? formatDay(v, offset) : v;
  return out;
}

/** A usable ±HH:MM offset: `timeZone` when well formed, else `fallback` (SPEC §9: +00:00). */
export function validOffset(timeZone: string | null | undefined, fallback = '+00:00'): string {
  return timeZone && OFFSET.test(timeZone) ? timeZone : fallback;
}

/** An instant as the wall-clock time at `offset`: 'YYYY-MM-DDTHH:mm:ss' (no zone), '' for a bad date. */
export function wallClockAt(instant: Date | string | number, offset: string): string {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() + offsetMinutes(offset) * 60_000).toISOString().slice(0, 19);
}

/** A wall-clock time ('YYYY-MM-DDTHH:mm[:ss]') at `offset` as an ISO date-time carrying that offset. */
export function wallClockWithOffset(local: string, offset: string): string {
  const withSeconds = local.length === 16 ? `${local}:00` : local.slice(0, 19);
  return `${withSeconds}${validOffset(offset)}`;
}

/** The instant the day holding `instant` starts at `offset` (today's midnight in the user's zone). */
export function startOfDayAt(instant: Date, offset: string): Date {
  const shift = offsetMinutes(validOffset(offset, '+00:00')) * 60_000;
  const local = new Date(instant.getTime() + shift);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - shift);
}
