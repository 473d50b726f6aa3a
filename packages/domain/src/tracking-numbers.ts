// Tracking-number formats and their check digits (docs: /work/shared reference "Check digits";
// UPS 1Z, USPS IMpb / legacy 20-22 digits, FedEx 12 digits). Pure: no I/O, no clock.

/** UPS letter value: (ASCII − 63) mod 10 (A=2 … H=9, I=0, J=1 … R=9, S=0 … Z=7). */
const upsValue = (c: string): number => (/[0-9]/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10);

/** The check digit of a UPS 1Z number from its 15 characters after "1Z" (account, service, package). */
export function ups1zCheckDigit(body15: string): number {
  let odd = 0;
  let even = 0;
  for (let i = 0; i < body15.length; i++) {
    const v = upsValue(body15[i]!);
    if (i % 2 === 0) odd += v;
    else even += v;
  }
  return (10 - ((odd + 2 * even) % 10)) % 10;
}

export function isUps1z(n: string): boolean {
  if (!/^1Z[0-9A-Z]{16}$/.test(n)) return false;
  return ups1zCheckDigit(n.slice(2, 17)) === Number(n[17]);
}

/** USPS mod 10: from the right, the 1st, 3rd, 5th … digits ×3, the others ×1. */
export function uspsCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, k = 0; i >= 0; i--, k++) sum += Number(digits[i]) * (k % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** A USPS PIC (20, 22 or 26 digits), optionally led by `420` + ZIP5 or ZIP9 (34 digits can be either reading). */
export function isUsps(n: string): boolean {
  if (!/^\d+$/.test(n)) return false;
  const pics = [n];
  if (n.startsWith('420')) pics.push(n.slice(8), n.slice(12));
  return pics.some((pic) => /^(\d{20}|\d{22}|\d{26})$/.test(pic) && pic !== n.slice(3) && uspsCheckDigit(pic.slice(0, -1)) === Number(pic.at(-1)));
}

/** FedEx 12 digits: weights 3,1,7 repeating on digits 1–11; check = (sum mod 11) mod 10. */
export function isFedex12(n: string): boolean {
  if (!/^\d{12}$/.test(n)) return false;
  const w = [3, 1, 7];
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(n[i]) * w[i % 3]!;
  return (sum % 11) % 10 === Number(n[11]);
}

export type TrackingFormat = 'ups' | 'usps' | 'fedex' | 'generic';

/** Which format a number has (checked), or null when it is none of the known ones nor a plausible generic code. */
export function trackingFormat(n: string): TrackingFormat | null {
  if (isUps1z(n)) return 'ups';
  if (/^1Z/.test(n)) return null;
  if (/^\d+$/.test(n)) {
    if (isUsps(n)) return 'usps';
    if (isFedex12(n)) return 'fedex';
    return null;
  }
  // Other carriers' own codes (letters and digits, 8–34 characters, at least one digit).
  return /^[0-9A-Z]{8,34}$/.test(n) && /\d/.test(n) ? 'generic' : null;
}

export const isValidTrackingNumber = (n: string): boolean => trackingFormat(n) !== null;
