import { describe, expect, it } from 'vitest';
import { describeCron, nextRunAt } from './cronjobs.schedule';

describe('cron job schedules', () => {
  const now = new Date('2026-11-24T06:07:30Z');

  it('finds the next instant in UTC', () => {
    expect(nextRunAt('*/5 * * * *', now)?.toISOString()).toBe('2026-11-24T06:10:00.000Z');
    expect(nextRunAt('13 3 * * *', now)?.toISOString()).toBe('2026-11-25T03:13:00.000Z');
    expect(nextRunAt('30 0 1 * *', now)?.toISOString()).toBe('2026-12-01T00:30:00.000Z');
    expect(nextRunAt('not a cron', now)).toBeNull();
  });

  it('says the schedule in words, naming UTC for a time of day', () => {
    expect(describeCron('*/5 * * * *', 'en')).toBe('Every 5 minutes');
    expect(describeCron('* * * * *', 'en')).toBe('Every minute');
    expect(describeCron('13 3 * * *', 'en')).toBe('At 03:13 UTC');
    expect(describeCron('13 3 * * *', 'vi')).toBe('Vào 03:13 UTC');
    expect(describeCron('*/5 * * * *', 'vi')).toBe('Mỗi 5 phút');
    expect(describeCron('17 * * * *', 'en')).not.toContain('UTC');
    expect(describeCron('bad', 'en')).toBe('bad');
  });
});
