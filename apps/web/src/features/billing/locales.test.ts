import { describe, expect, it } from 'vitest';
import { INVOICE_GATEWAYS, MESSAGES, TRANSACTION_TYPE_VALUES } from '@exship/contracts';
import en from './locales/en.json';
import vi from './locales/vi.json';

type Dict = Record<string, string>;

describe('billing locale files', () => {
  it('en and vi have the same keys', () => {
    expect(Object.keys(vi).sort()).toEqual(Object.keys(en).sort());
  });

  it('the transaction exports and the invoice PDF use the words of these screens', () => {
    const pairs = [
      ...TRANSACTION_TYPE_VALUES.map((v) => [`export.txType.${v}`, `billing.tx.types.${v}`] as const),
      ...['success', 'failed', 'pending'].map((v) => [`export.txResult.${v}`, `billing.tx.results.${v}`] as const),
      ...['bank', 'wallet', 'provider'].map((v) => [`export.gateway.${v}`, `billing.tx.gateways.${v}`] as const),
      ...INVOICE_GATEWAYS.map((v) => [`export.gateway.${v}`, `billing.invoice.gateways.${v}`] as const),
      ...['order', 'surcharge'].map((v) => [`export.lineKind.${v}`, `billing.invoice.kinds.${v}`] as const),
      ['invoice.pdf.col.paidAt', 'billing.invoice.paidAt'] as const,
      ['invoice.pdf.issuedAt', 'billing.invoice.issuedAt'] as const,
      ['invoice.pdf.taxDueAt', 'billing.invoice.taxDueAt'] as const,
    ];
    for (const [lang, screen] of [['en', en], ['vi', vi]] as const) {
      const server = MESSAGES[lang] as Dict;
      expect(pairs.filter(([file, shown]) => server[file] !== (screen as Dict)[shown]).map(([file, shown]) => `${lang}: ${file}=${server[file]} / ${shown}=${(screen as Dict)[shown]}`)).toEqual([]);
    }
  });
});
