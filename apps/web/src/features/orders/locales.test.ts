import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_STATUSES,
  MESSAGES,
  ORDER_STATUSES,
  ORDER_SYSTEM_EVENTS,
  ORDER_USER_ACTIONS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  ROUTING_STATUSES,
  SCHEDULE_STATUSES,
  SURCHARGE_REASONS,
} from '@exship/contracts';
import sharedEn from '../../locales/en.json';
import { DEFAULT_COLUMNS, EXTRA_COLUMNS } from './order-columns';
import { ACTION_PERMISSIONS } from './order-actions';
import { STEPS } from './order-form';
import en from './locales/en.json';
import vi from './locales/vi.json';

type Dict = Record<string, string>;

/** The literal `t('orders.…')` keys of the feature's source files. */
function usedKeys(): string[] {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
  const keys = new Set<string>();
  for (const f of files) for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/'(orders\.[\w.-]+)'/g)) keys.add(m[1]!);
  return [...keys].sort();
}

describe('orders locale files', () => {
  it('every literal key the screens use exists', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((k) => !(k in en))).toEqual([]);
  });

  it('every status, action, method, reason, column and step the screens name by value has its text', () => {
    const needed = [
      ...ORDER_STATUSES.map((s) => `orders.status.${s}`),
      ...PAYMENT_STATUSES.map((s) => `orders.payment.${s}`),
      ...ROUTING_STATUSES.map((s) => `orders.routing.${s}`),
      ...CHECK_IN_STATUSES.map((s) => `orders.checkIn.${s}`),
      ...SCHEDULE_STATUSES.map((s) => `orders.schedule.${s}`),
      ...PAYMENT_METHODS.flatMap((m) => [`orders.paymentMethod.${m}`, `orders.paymentMethod.${m}.help`]),
      ...SURCHARGE_REASONS.map((r) => `orders.surchargeReason.${r}`),
      ...Object.keys(ACTION_PERMISSIONS).flatMap((a) => [`orders.action.${a}`, `orders.done.${a}`]),
      ...[...ORDER_USER_ACTIONS, ...ORDER_SYSTEM_EVENTS].map((a) => `orders.event.${a}`),
      ...['hold', 'refund', 'redistribute', 'buildNewLabel', 'generateTracking', 'confirmDimension', 'cancel'].flatMap((a) => [`orders.confirm.${a}.title`, `orders.confirm.${a}.body`]),
      ...[...DEFAULT_COLUMNS, ...EXTRA_COLUMNS].map((c) => `orders.column.${c}`),
      ...STEPS.map((s) => `orders.wizard.step.${s}`),
    ];
    expect(needed.filter((k) => !(k in en))).toEqual([]);
  });

  it('the orders export and the invoice PDF name statuses and fee lines in the words of these screens', () => {
    const pairs = [
      ...ORDER_STATUSES.map((s) => [`export.orderStatus.${s}`, `orders.status.${s}`] as const),
      ...PAYMENT_STATUSES.map((s) => [`export.paymentStatus.${s}`, `orders.payment.${s}`] as const),
      ...ROUTING_STATUSES.map((s) => [`export.routingStatus.${s}`, `orders.routing.${s}`] as const),
      ...['shippingFee', 'seasonalFee', 'signatureFee', 'overLengthFee', 'discount', 'taxFee', 'surcharge', 'total'].map((f) => [`export.fee.${f}`, `orders.fee.${f}`] as const),
    ];
    for (const [lang, screen] of [['en', en], ['vi', vi]] as const) {
      const server = MESSAGES[lang] as Dict;
      expect(pairs.filter(([file, shown]) => server[file] !== (screen as Dict)[shown]).map(([file, shown]) => `${lang}: ${file}=${server[file]} / ${shown}=${(screen as Dict)[shown]}`)).toEqual([]);
    }
  });

  it('SPEC §4: in-transit is shown as "Lastmile In-transit"', () => {
    expect((en as Dict)['orders.routing.in-transit']).toBe('Lastmile In-transit');
  });

  it('keys stay in the orders namespace and never shadow shared or server strings', () => {
    expect(Object.keys(en).filter((k) => !k.startsWith('orders.'))).toEqual([]);
    expect(Object.keys(en).filter((k) => k in MESSAGES.en || k in sharedEn)).toEqual([]);
  });
});
