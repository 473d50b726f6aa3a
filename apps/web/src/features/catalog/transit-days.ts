import type { TFunction } from 'i18next';

/**
 * A service's transit time as a seller reads it: "3–5 days", "2 days", "up to 5 days", "5+ days";
 * null when the service states none.
 */
export function transitText(min: number | null | undefined, max: number | null | undefined, t: TFunction): string | null {
  const hasMin = min !== null && min !== undefined;
  const hasMax = max !== null && max !== undefined;
  if (hasMin && hasMax) return min === max ? t('net.transit.days', { count: max }) : t('net.transit.range', { min, max });
  if (hasMax) return t('net.transit.upTo', { count: max });
  if (hasMin) return t('net.transit.from', { count: min });
  return null;
}
