// Money is integer cents inside, USD with 2 decimals at the edges.
export type Cents = number;

export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError('amount is not a finite number');
  return Math.round(dollars * 100);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** `$1,234.50`, `-$3.00` */
export function formatUsd(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
