import type { MessageKey } from '@exship/contracts';
import { formatUsd, type Cents } from './money';

// SPEC §5 restricted goods: each order line declares one category (or none). Some categories are
// always refused; gels/liquids/creams and watches are refused only above a limit, so the line also
// declares its volume or its value.
export type RestrictedGoodsRule =
  | { kind: 'allowed' }
  | { kind: 'refused'; message: MessageKey }
  /** Refused above `maxMl` (at `maxMl` exactly it ships); the line must declare its volume. */
  | { kind: 'max-volume'; maxMl: number; message: MessageKey; missingMessage: MessageKey }
  /** Refused above `maxUsdCents` (at it exactly it ships); the line must declare its value. */
  | { kind: 'max-value'; maxUsdCents: Cents; message: MessageKey; missingMessage: MessageKey };

export const RESTRICTED_GOODS = [
  { code: 'none', rule: { kind: 'allowed' } },
  {
    code: 'gel_liquid_cream',
    rule: { kind: 'max-volume', maxMl: 50, message: 'validation.restricted.gel', missingMessage: 'validation.restricted.gelVolume' },
  },
  { code: 'e_cigarette', rule: { kind: 'refused', message: 'validation.restricted.eCigarette' } },
  { code: 'cbd', rule: { kind: 'refused', message: 'validation.restricted.cbd' } },
  { code: 'live_plants_seeds', rule: { kind: 'refused', message: 'validation.restricted.plants' } },
  { code: 'animal_products', rule: { kind: 'refused', message: 'validation.restricted.animalProducts' } },
  {
    code: 'watch',
    rule: { kind: 'max-value', maxUsdCents: 15_000, message: 'validation.restricted.watch', missingMessage: 'validation.restricted.watchValue' },
  },
  { code: 'loose_batteries', rule: { kind: 'refused', message: 'validation.restricted.looseBatteries' } },
] as const satisfies readonly { code: string; rule: RestrictedGoodsRule }[];

export type RestrictedGoodsCode = (typeof RESTRICTED_GOODS)[number]['code'];

export interface RestrictedGoodsLine {
  category: RestrictedGoodsCode | null;
  /** Declared volume in ml; needed for gels, liquids and creams. */
  volumeMl?: number | null;
  /** Declared value in USD cents; needed for watches. */
  valueUsdCents?: number | null;
}

export type RestrictedGoodsCheck =
  | { ok: true }
  | { ok: false; code: RestrictedGoodsCode; message: MessageKey; vars?: Record<string, string | number> };

const RULES = new Map<string, RestrictedGoodsRule>(RESTRICTED_GOODS.map((g) => [g.code, g.rule]));

/** A declared amount that can be compared with a limit: a finite number above 0. */
function declared(amount: number | null | undefined): amount is number {
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0;
}

/**
 * Whether an order line may ship under SPEC §5's restricted goods rules. A refusal carries the
 * category and a message key (with its `{{max}}` value) for the line's error.
 */
export function checkRestrictedGoods(line: RestrictedGoodsLine): RestrictedGoodsCheck {
  if (line.category === null) return { ok: true };
  const code = line.category;
  const rule = RULES.get(code);
  if (!rule) throw new RangeError(`unknown restricted goods category: ${String(code)}`);
  switch (rule.kind) {
    case 'allowed':
      return { ok: true };
    case 'refused':
      return { ok: false, code, message: rule.message };
    case 'max-volume':
      if (!declared(line.volumeMl)) return { ok: false, code, message: rule.missingMessage };
      return line.volumeMl > rule.maxMl ? { ok: false, code, message: rule.message, vars: { max: rule.maxMl } } : { ok: true };
    case 'max-value':
      if (!declared(line.valueUsdCents)) return { ok: false, code, message: rule.missingMessage };
      return line.valueUsdCents > rule.maxUsdCents
        ? { ok: false, code, message: rule.message, vars: { max: formatUsd(rule.maxUsdCents) } }
        : { ok: true };
  }
}
