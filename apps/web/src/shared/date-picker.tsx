import { DatePicker as AntDatePicker } from 'antd';
import dayjsConfig from '@rc-component/picker/generate/dayjs';
import dayjs, { type Dayjs } from 'dayjs';
import { validOffset, wallClockAt, wallClockWithOffset } from '@exship/domain';
import { session } from '../api/session';

// docs/engineering.md "Time": dates are the user's, in the offset of their profile. A picker's value
// is a wall-clock date at that offset; the browser's own zone plays no part (a user at +07:00 on a
// machine set to UTC still starts from their own today).

/** The signed-in user's offset ('+07:00'); the engineering default before the profile is known. */
export const viewerOffset = (): string => validOffset(session.get().profile?.timeZone, '+07:00');

/** Now as the wall-clock time at the user's offset: what a picker calls today. */
export const viewerNow = (): Dayjs => dayjs(wallClockAt(Date.now(), viewerOffset()));

/** An instant as the wall-clock time the user reads at their offset (a picker's value). */
export const toViewerClock = (instant: string | number | Date): Dayjs => dayjs(wallClockAt(instant, viewerOffset()));

/** A wall-clock time picked at the user's offset as an ISO instant with that offset. */
export const fromViewerClock = (value: Dayjs): string => wallClockWithOffset(value.format('YYYY-MM-DDTHH:mm:ss'), viewerOffset());

/** The first or last moment of a picked day (YYYY-MM-DD) at the user's offset, as an ISO instant. */
export const viewerDayBound = (day: string, side: 'from' | 'to'): string => (side === 'from' ? wallClockWithOffset(`${day}T00:00:00`, viewerOffset()) : `${day}T23:59:59.999${viewerOffset()}`);

/**
 * Ant Design's date pickers whose "today" (the highlighted cell, the Today button, the month they
 * open on) is the user's today at their offset, not the browser's.
 */
export const DatePicker = AntDatePicker.generatePicker<Dayjs>({ ...dayjsConfig, getNow: viewerNow });
