import type { OrderDetail } from '@exship/contracts';

// Reasons and errors the platform writes by code, shown in the reader's language.

type Translate = (k: string, o?: Record<string, unknown>) => string;
type HistoryEntry = OrderDetail['history'][number];

/** Address check reason codes (`invalid_city, invalid_state_code`) as the reader's sentences. */
export function addressReasonsText(t: Translate, codes: string): string {
  return codes
    .split(/,\s*/)
    .filter(Boolean)
    .map((c) => t(`addressCheck.reason.${c}`, { defaultValue: c }))
    .join(' ');
}

/**
 * Why, in the reader's language: a reason the platform gave by key (its order action, routing status
 * and address check reason values translated as well), a person's words as written.
 */
export function historyReasonText(t: Translate, h: Pick<HistoryEntry, 'reason' | 'reasonKey' | 'reasonVars'> & { action?: string }): string {
  // A surcharge's reason is one of SURCHARGE_REASONS (the form's list, the import's dropdown): its words.
  if (!h.reasonKey && h.action === 'addSurcharge') return t(`orders.surchargeReason.${h.reason}`, { defaultValue: h.reason });
  if (!h.reasonKey) return h.reason;
  const vars: Record<string, string> = { ...h.reasonVars };
  if (vars.action) vars.action = t(`orders.event.${vars.action}`, { defaultValue: vars.action });
  if (vars.status) vars.status = t(`routing.status.${vars.status}`, { defaultValue: vars.status });
  if (vars.reasons) vars.reasons = addressReasonsText(t, vars.reasons);
  return t(`order.reason.${h.reasonKey}`, { ...vars, defaultValue: h.reason });
}

/** A label purchase's error: an address the check refused reads as its reasons; a carrier's own text as it is. */
export function purchaseErrorText(t: Translate, error: string): string {
  const address = /^address invalid: (.+)$/.exec(error);
  return address ? t('orders.ship.purchase.addressInvalid', { reasons: addressReasonsText(t, address[1]!) }) : error;
}
