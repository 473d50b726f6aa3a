import cronParser from 'cron-parser';
import cronstrue from 'cronstrue/i18n.js';
import type { Language } from '@exship/contracts';

// The schedule of a cron job in words and its next instant. Schedules are registered in UTC
// (platform/jobs.ts), so both are computed in UTC. Pure: `now` is passed in.

/** The next instant `cron` fires after `now`, in UTC; null for an expression that never fires. */
export function nextRunAt(cron: string, now: Date): Date | null {
  try {
    return cronParser.parseExpression(cron, { tz: 'UTC', currentDate: now }).next().toDate();
  } catch {
    return null;
  }
}

/**
 * "Every 5 minutes", "At 03:13 UTC" (Vietnamese with `vi`). A time of day is named with its zone,
 * since staff read it in their own; a repeat within the hour needs none.
 */
export function describeCron(cron: string, lang: Language): string {
  let text: string;
  try {
    text = cronstrue.toString(cron, { locale: lang, use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return cron;
  }
  const hours = cron.trim().split(/\s+/)[1] ?? '*';
  return /^\d/.test(hours) ? `${text} UTC` : text;
}
