import type { Db } from '../../platform/db';
import { seedOpeningBalance } from '../wallet';

/** SPEC §4 guide: money is topped up before orders are paid. The demo seller starts with $500, once. */
export const DEMO_TOP_UP_CENTS = 50_000;

export const seedDemoWallet = (db: Db, accountId: string) => seedOpeningBalance(db, accountId, DEMO_TOP_UP_CENTS, 'Demo opening balance');
