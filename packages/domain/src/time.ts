// DESIGN "Time": stored in UTC, shown DD-MM-YYYY HH:mm:ss in the user's offset (default +07:00).
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
