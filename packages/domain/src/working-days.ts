import Holidays from 'date-holidays';

// SPEC §9 counts refunds (7), lost parcels (15) and claims in working days: Monday to Friday,
// without the public holidays of one country, from the maintained `date-holidays` data. Dates are
// calendar days in UTC; the time of day is kept. The calendar is built once per country and caches
// each year's holidays.

const DAY_MS = 86_400_000;

export interface WorkingDayCalendar {
  readonly country: string;
  /** True on Monday–Friday that is not a public holiday. */
  isWorkingDay(at: Date): boolean;
  /** The instant `days` working days after `from` (same time of day); `days` ≥ 0. */
  addWorkingDays(from: Date, days: number): Date;
  /** Working days after `from`'s day up to and including `to`'s day (0 when `to` is not later). */
  workingDaysBetween(from: Date, to: Date): number;
  /** The public holidays of a year as YYYY-MM-DD with their names. */
  holidays(year: number): readonly { date: string; name: string }[];
}

const calendars = new Map<string, WorkingDayCalendar>();

/** The working-day calendar of a country (ISO 3166 alpha-2), e.g. 'US' or 'VN'. */
export function workingDayCalendar(country = 'US'): WorkingDayCalendar {
  const key = country.toUpperCase();
  const known = calendars.get(key);
  if (known) return known;
  const source = new Holidays(key);
  if (!source.getCountries()[key]) throw new RangeError(`no holiday data for country ${country}`);
  const byYear = new Map<number, { date: string; name: string }[]>();
  const sets = new Map<number, Set<string>>();

  const holidays = (year: number) => {
    let list = byYear.get(year);
    if (!list) {
      list = source
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
      byYear.set(year, list);
      sets.set(year, new Set(list.map((h) => h.date)));
    }
    return list;
  };
  const isWorkingDay = (at: Date) => {
    const day = at.getUTCDay();
    if (day === 0 || day === 6) return false;
    const year = at.getUTCFullYear();
    holidays(year);
    return !sets.get(year)!.has(at.toISOString().slice(0, 10));
  };

  const calendar: WorkingDayCalendar = {
    country: key,
    isWorkingDay,
    addWorkingDays(from, days) {
      if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number ≥ 0');
      let at = new Date(from.getTime());
      for (let left = days; left > 0; ) {
        at = new Date(at.getTime() + DAY_MS);
        if (isWorkingDay(at)) left--;
      }
      return at;
    },
    workingDaysBetween(from, to) {
      let n = 0;
      const end = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
      for (let at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY_MS); at.getTime() <= end; at = new Date(at.getTime() + DAY_MS)) {
        if (isWorkingDay(at)) n++;
      }
      return n;
    },
    holidays,
  };
  calendars.set(key, calendar);
  return calendar;
}
