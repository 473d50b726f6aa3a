import { z } from 'zod';

// The shared building blocks of every input schema: text that never carries control characters,
// ids, and timestamps that are real calendar dates in a sane range. Every string a request brings
// (body, query or path) goes through one of these before it can reach the database.

/**
 * Zod's own messages ("Invalid input: expected string, received undefined") never reach a user:
 * an issue without a message key of its own gets one here, for the server and the web forms alike.
 */
z.config({
  customError: (iss) => {
    if (iss.input === undefined && (iss.code === 'invalid_type' || iss.code === 'invalid_value' || iss.code === 'invalid_union')) return 'validation.required';
    if (iss.code === 'invalid_type') {
      if (iss.input === null) return 'validation.required';
      if (iss.expected === 'number' || iss.expected === 'int') return 'validation.number';
      return 'validation.invalid';
    }
    if (iss.code === 'unrecognized_keys') return 'validation.unknownField';
    if (iss.code === 'too_small' && (iss.origin === 'string' || iss.origin === 'array') && Number(iss.minimum) === 1) return 'validation.required';
    if (iss.code === 'too_big' && iss.origin === 'string') return 'validation.tooLong';
    if ((iss.code === 'too_big' || iss.code === 'too_small') && (iss.origin === 'number' || iss.origin === 'int')) return 'validation.outOfRange';
    return 'validation.invalid';
  },
});

// Matching control characters is the point of these two patterns.
/** C0 controls and DEL (U+0000 among them): refused in single-line text. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
/** Multi-line text keeps tab, line feed and carriage return; every other C0 control and DEL is refused. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const requiredOr = (key: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'validation.required' : key) });

/**
 * A single-line string: a missing value says "required", a control character says so. Chain the
 * field's own rules after it (`.trim().min(1, …).max(…)`).
 */
export const textField = () =>
  z.string(requiredOr('validation.invalid')).refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'validation.text.control', abort: true });

/** Multi-line text (notes, notification bodies): tab, LF and CR allowed; other control characters refused. */
export const multilineTextField = () =>
  z.string(requiredOr('validation.invalid')).refine((v) => !CONTROL_CHARACTERS_MULTILINE.test(v), { message: 'validation.text.control', abort: true });

/** A list filter's free-text search (`?keyword=`). */
export const keywordQueryField = () => textField().trim().max(100, 'validation.max100').optional();

/** A record id (uuid). In a path, a value that fails this answers 404 (platform/http.ts). */
export const idField = () => textField().uuid('validation.id.invalid');

/** A list's page number in a query string: a whole number, 1 or more (1 when absent). */
export const pageField = () => z.coerce.number({ error: 'validation.page' }).int('validation.page').min(1, 'validation.page').default(1);

/** An http(s) URL or nothing (''): other schemes (javascript:, file:, data:) are refused by name. */
export const optionalHttpUrlField = (max: number) =>
  textField()
    .trim()
    .max(max, max === 2000 ? 'validation.max2000' : 'validation.tooLong')
    .regex(/^(https?:\/\/[^\s/?#]+\S*)?$/i, 'validation.url.invalid');

/** Link-local and cloud metadata hosts: never a carrier's address (the server would call them). */
export function isMetadataHost(url: string): boolean {
  const m = /^https?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url);
  if (!m) return false;
  const host = m[1]!.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  // A host written as one number (2852039166, 0xa9fea9fe) or in octal parts hides its address: refused too.
  const disguised = /^(0x[0-9a-f]+|\d+)$/.test(host) || /^0\d*\./.test(host);
  return disguised || /^169\.254\./.test(host) || host === 'metadata.google.internal' || host === 'metadata' || /^fe80:/.test(host) || host === 'fd00:ec2::254';
}

/** `{ id }` path parameters. */
export const IdParamsSchema = z.object({ id: idField() });

// ---------------------------------------------------------------------------------------------
// Dates and timestamps. JavaScript's Date quietly turns 2027-02-30 into March 2 and year 0099 into
// 1999; these parse the parts themselves and check that the date exists (a round trip).

/** Years a date input may name: anything outside is a typo (0020, 20260) rather than a plan. */
export const DATE_YEAR_RANGE = { min: 2000, max: 2100 } as const;

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether y-m-d h:mi:s names a real moment (round trip through the calendar), in the year range. */
export function isRealDateTime(y: number, m: number, d: number, h = 0, mi = 0, s = 0, years: { min: number; max: number } = DATE_YEAR_RANGE): boolean {
  if (y < years.min || y > years.max) return false;
  if (h > 23 || mi > 59 || s > 59) return false;
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function offsetIsReal(offset: string): boolean {
  if (offset.toUpperCase() === 'Z') return true;
  const [hh, mm] = offset.slice(1).split(':').map(Number) as [number, number];
  return mm <= 59 && hh * 60 + mm <= 14 * 60;
}

/** A timestamp with offset (`2026-03-01T09:00:00Z`, `…+07:00`) as its UTC instant in ms, or null. */
export function parseTimestamp(v: string, years: { min: number; max: number } = DATE_YEAR_RANGE): number | null {
  const m = ISO_TIMESTAMP.exec(v);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (!isRealDateTime(y, mo, d, h, mi, s, years) || !offsetIsReal(m[8]!)) return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
}

/** A local wall-clock time `YYYY-MM-DDTHH:mm[:ss]` as if it were UTC (ms), or null when it does not exist. */
export function parseLocalDateTime(v: string, years: { min: number; max: number } = DATE_YEAR_RANGE): number | null {
  const m = LOCAL_DATE_TIME.exec(v);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (!isRealDateTime(y, mo, d, h, mi, s, years)) return null;
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, 0);
  return t.getTime();
}

/** A calendar date `YYYY-MM-DD` as UTC midnight (ms), or null when it does not exist. */
export function parseDateOnly(v: string, years: { min: number; max: number } = DATE_YEAR_RANGE): number | null {
  const m = DATE_ONLY.exec(v);
  if (!m) return null;
  return parseLocalDateTime(`${m[1]}-${m[2]}-${m[3]}T00:00`, years);
}

// The date fields below start with `.min(1)` (same message as their rule) so the document says
// that an empty value is refused: the calendar rule itself is a refine the document cannot show.

/** An instant with an explicit offset (ISO 8601), a real date in years 2000–2100. Output: the same text. */
export const timestampField = () =>
  textField()
    .min(1, { message: 'validation.datetime.invalid', abort: true })
    .refine((v) => parseTimestamp(v) !== null, { message: 'validation.datetime.invalid', abort: true });

/** A local wall-clock time `YYYY-MM-DDTHH:mm[:ss]` (its zone is given beside it), a real date in years 2000–2100. */
export const localDateTimeField = () =>
  textField()
    .min(1, { message: 'validation.date.local', abort: true })
    .refine((v) => parseLocalDateTime(v) !== null, { message: 'validation.date.local', abort: true });

/**
 * A date filter in a query string: `YYYY-MM-DD`, a local `YYYY-MM-DDTHH:mm[:ss]` or a timestamp with offset,
 * a real date in years 2000–2100.
 */
export const dateFilterField = () =>
  textField()
    .min(1, { message: 'validation.date.filter', abort: true })
    .refine((v) => parseDateOnly(v) !== null || parseLocalDateTime(v) !== null || parseTimestamp(v) !== null, { message: 'validation.date.filter', abort: true });

/**
 * Where a date filter bound puts the range's edge, in ms: a day (`YYYY-MM-DD`) starts at UTC midnight and,
 * as the end of a range, is included whole (the end is the next midnight, exclusive); a local time is read
 * as UTC; a timestamp is its instant (an end one millisecond after it, exclusive). Null when it is no date.
 * Every list with a `from`/`to` date filter reads its bounds through this, so they all mean the same.
 */
export function dateFilterBound(v: string, side: 'from' | 'to'): number | null {
  const day = parseDateOnly(v);
  if (day !== null) return side === 'to' ? day + 86_400_000 : day;
  const at = parseTimestamp(v) ?? parseLocalDateTime(v);
  return at === null ? null : side === 'to' ? at + 1 : at;
}

/**
 * A date filter pair on an object schema: an end before its start is refused on the end field
 * ("validation.date.rangeReversed") rather than answered with an empty list. Fields that are absent or
 * no date are left to their own checks. Apply it last: zod refuses `.omit`/`.pick` on a refined object.
 */
export function withDateRange<T extends z.ZodObject>(schema: T, from: string, to: string): T {
  return schema.refine(
    (v: Record<string, unknown>) => {
      const a = v[from];
      const b = v[to];
      if (typeof a !== 'string' || typeof b !== 'string') return true;
      const start = dateFilterBound(a, 'from');
      const end = dateFilterBound(b, 'to');
      return start === null || end === null || start < end;
    },
    { path: [to], message: 'validation.date.rangeReversed' },
  );
}

/** A past calendar date `YYYY-MM-DD` (e.g. a date of birth), from 1900 on. */
export const pastDateField = () =>
  textField()
    .min(1, { message: 'validation.date.invalid', abort: true })
    .refine(
      (v) => {
        const ms = parseDateOnly(v, { min: 1900, max: 2100 });
        return ms !== null && ms < Date.now();
      },
      { message: 'validation.date.invalid', abort: true },
    );

/**
 * Refinement options for a rule that reads several fields: it runs only once the fields' own checks
 * passed, so it never sees a value they refused (e.g. BigInt('abc') after the digit check failed).
 *
 * Zod runs an object's refinements after a field failed a "continuable" check (regex, min, max), so a
 * refinement may see a string that is not digits or a date that does not exist; a missing or
 * wrongly typed field stops them. Audit of contracts: the zone range (BigInt) needs this guard, the
 * discount period checks that both dates parse before comparing them; the others compare numbers, lengths or strings,
 * which cannot throw or mislead on a refused value, and keep showing their error beside the fields'.
 */
export const whenValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 } as const;

/** Emoji and other pictographs: refused in names and text fields (SPEC §5 "no emoji"). */
export const EMOJI_PATTERN = /\p{Extended_Pictographic}/u;

/**
 * A USD amount in whole cents: at most 2 decimals, checked exactly on the number's shortest decimal
 * spelling (what the client sent: JSON `0.1` reads back as "0.1"), never with a float tolerance — a
 * tolerance let 1e-9 through, which then became 0 cents. Exponent spellings (1e-9, 1e+21) are refused.
 */
export const isWholeCents = (v: number): boolean => Number.isFinite(v) && /^-?\d+(\.\d{1,2})?$/.test(String(v));

/** A number whose absence says "required" and whose wrong type says "enter a number". */
export const numberField = () => z.number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'validation.required' : 'validation.number') });
