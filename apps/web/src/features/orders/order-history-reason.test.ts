import { describe, expect, it } from 'vitest';
import i18n from '../../app/i18n';
import '../../app/layout/locales';
import '../../shared/routing-locales';
import './locales';
import { historyReasonText, purchaseErrorText } from './history-reason';

// An order's history: reasons the platform wrote are shown in the reader's language (their order action
// and routing status values too); a person's words stay as written.
describe('history reason text', () => {
  const vi = i18n.getFixedT('vi');
  const en = i18n.getFixedT('en');

  it('a platform reason by key reads in Vietnamese, its routing status and action translated', () => {
    const moving = { reason: 'Carrier: in-transit', reasonKey: 'carrierMoving', reasonVars: { status: 'in-transit' } };
    expect(historyReasonText(vi, moving)).toBe(`Hãng vận chuyển: ${vi('routing.status.in-transit')}`);
    expect(historyReasonText(en, moving)).toBe('Carrier: Lastmile In-transit');
    const bought = { reason: 'Label bought (after: pay)', reasonKey: 'labelBought', reasonVars: { action: 'pay' } };
    expect(historyReasonText(vi, bought)).toBe('Đã mua nhãn (sau: Thanh toán)');
    expect(historyReasonText(vi, { reason: 'Address changed: replaced by EX0000000002', reasonKey: 'addressReplaced', reasonVars: { exOrderId: 'EX0000000002' } })).toBe('Đổi địa chỉ: thay bằng đơn EX0000000002');
  });

  it('address check reasons read as sentences, in the history and in a label purchase error', () => {
    expect(historyReasonText(en, { reason: 'Address check: invalid_city', reasonKey: 'addressInvalid', reasonVars: { reasons: 'invalid_city, invalid_state_code' } })).toBe('Address check: Invalid city. Invalid state code.');
    expect(purchaseErrorText(vi, 'address invalid: invalid_city')).toBe(`${vi('orders.ship.purchase.addressInvalid', { reasons: 'Thành phố không hợp lệ.' })}`);
    expect(purchaseErrorText(vi, 'address invalid: invalid_city')).toContain('Thành phố không hợp lệ.');
    expect(purchaseErrorText(en, 'timeout: no answer in 15 s')).toBe('timeout: no answer in 15 s');
  });

  it('a surcharge added reads its reason (one of the surcharge reasons) in the page language', () => {
    expect(historyReasonText(vi, { action: 'addSurcharge', reason: 'Dimension Surcharge', reasonKey: null, reasonVars: null })).toBe('Phụ phí kích thước');
    expect(historyReasonText(en, { action: 'addSurcharge', reason: 'Dimension Surcharge', reasonKey: null, reasonVars: null })).toBe('Dimension surcharge');
    // Another action's words are a person's: as written.
    expect(historyReasonText(vi, { action: 'cancel', reason: 'Other', reasonKey: null, reasonVars: null })).toBe('Other');
  });

  it("a person's reason is shown as written; an unknown key falls back to the stored text", () => {
    expect(historyReasonText(vi, { reason: 'Customer asked', reasonKey: null, reasonVars: null })).toBe('Customer asked');
    expect(historyReasonText(vi, { reason: 'Something new', reasonKey: 'notAKey', reasonVars: {} })).toBe('Something new');
  });
});
