import { formatUsd, toCents } from '@exship/domain';

/** API amounts are dollars; domain formatting works in integer cents. */
export const usd = (dollars: number | null | undefined): string => formatUsd(toCents(Number(dollars ?? 0) || 0));
