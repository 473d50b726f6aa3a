import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARTON_STATUSES, CHECK_IN_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, type CartonStatus } from '@exship/contracts';
import {
  CARTON_IMPORT_STATUSES,
  canReopen,
  decideCartonAction,
  decideParcelScan,
  importStatusChange,
  isCartonId,
  parseCartonImportStatus,
  type CartonAction,
  type CartonForParcel,
  type CartonState,
  type ParcelForCarton,
} from './cartons';

const carton = (over: Partial<CartonState> = {}): CartonState => ({ status: 'open', quantity: 2, freightCheckedAt: null, ...over });
const CHECKED_FREIGHT = new Date('2026-11-20T08:00:00Z');

describe('carton ids', () => {
  it('are CT and 8 Crockford base-32 characters (no I, L, O, U)', () => {
    expect(isCartonId('CT0123ABYZ')).toBe(true);
    expect(isCartonId(' ct0123abyz ')).toBe(true);
    for (const bad of ['CT0123ABY', 'CT0123ABYZ0', 'EX0123ABYZ', 'CT0123ABIZ', 'CT0123ABLZ', 'CT0123ABOZ', 'CT0123ABUZ', 'CT-123ABYZ']) expect(isCartonId(bad), bad).toBe(false);
  });
});

describe('the box state machine', () => {
  // Written out by hand: the table the code must match (status → action → outcome).
  const EXPECTED: Record<CartonStatus, Record<CartonAction, string>> = {
    open: { addParcel: 'open', removeParcel: 'open', close: 'packaged', reopen: 'CARTON_NOT_PACKAGED', checkOut: 'CARTON_NOT_PACKAGED' },
    packaged: { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'open', checkOut: 'checked' },
    checked: { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'CARTON_NOT_REOPENABLE', checkOut: 'repeated' },
    'confirmed-weight': { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'CARTON_NOT_REOPENABLE', checkOut: 'repeated' },
    shipped: { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'CARTON_NOT_REOPENABLE', checkOut: 'repeated' },
    received: { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'CARTON_NOT_REOPENABLE', checkOut: 'repeated' },
    'in-transit': { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'CARTON_NOT_REOPENABLE', checkOut: 'repeated' },
    delivered: { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'CARTON_NOT_REOPENABLE', checkOut: 'repeated' },
    exception: { addParcel: 'CARTON_NOT_OPEN', removeParcel: 'CARTON_NOT_OPEN', close: 'CARTON_NOT_OPEN', reopen: 'CARTON_NOT_REOPENABLE', checkOut: 'repeated' },
  };

  it('matches the table for every status and action', () => {
    for (const status of CARTON_STATUSES) {
      for (const action of Object.keys(EXPECTED.open) as CartonAction[]) {
        const d = decideCartonAction(carton({ status }), action);
        const got = d.ok ? (d.repeated ? 'repeated' : d.to) : d.code;
        expect(got, `${status} ${action}`).toBe(EXPECTED[status][action]);
      }
    }
  });

  it('an empty carton cannot be closed', () => {
    expect(decideCartonAction(carton({ quantity: 0 }), 'close')).toEqual({ ok: false, code: 'CARTON_EMPTY' });
    expect(decideCartonAction(carton({ quantity: 1 }), 'close')).toEqual({ ok: true, to: 'packaged', repeated: false });
  });

  it('a packaged carton reopens until its freight is checked, never after', () => {
    expect(canReopen(carton({ status: 'packaged' }))).toBe(true);
    expect(canReopen(carton({ status: 'packaged', freightCheckedAt: CHECKED_FREIGHT }))).toBe(false);
    expect(decideCartonAction(carton({ status: 'packaged', freightCheckedAt: CHECKED_FREIGHT }), 'reopen')).toEqual({ ok: false, code: 'CARTON_NOT_REOPENABLE' });
  });

  it('whatever the steps, parcels change only while the carton is open, and once its freight is checked it never reopens', () => {
    const actions: CartonAction[] = ['addParcel', 'removeParcel', 'close', 'reopen', 'checkOut'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...actions), fc.boolean()), { maxLength: 30 }), (steps) => {
        let c = carton({ quantity: 0 });
        for (const [action, freightChecks] of steps) {
          if (freightChecks && c.status !== 'open') c = { ...c, freightCheckedAt: CHECKED_FREIGHT };
          const d = decideCartonAction(c, action);
          if ((action === 'addParcel' || action === 'removeParcel') && d.ok) expect(c.status).toBe('open');
          if (action === 'reopen' && c.freightCheckedAt) expect(d.ok).toBe(false);
          if (!d.ok) continue;
          const quantity = action === 'addParcel' ? c.quantity + 1 : action === 'removeParcel' ? Math.max(0, c.quantity - 1) : c.quantity;
          c = { ...c, status: d.to, quantity };
          if (c.status !== 'open') expect(c.quantity).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('the box import', () => {
  it('reads a status as partners write it', () => {
    expect(parseCartonImportStatus('In transit')).toBe('in-transit');
    expect(parseCartonImportStatus(' CONFIRMED_WEIGHT ')).toBe('confirmed-weight');
    expect(parseCartonImportStatus('delivered')).toBe('delivered');
    for (const bad of ['open', 'packaged', 'checked', 'lost', '']) expect(parseCartonImportStatus(bad), bad).toBeNull();
  });

  it('moves only cartons that left the warehouse, forward (skipping steps), to an exception and back from it', () => {
    expect(importStatusChange('open', 'shipped')).toEqual({ ok: false, message: 'floor.import.notLeft' });
    expect(importStatusChange('packaged', 'exception')).toEqual({ ok: false, message: 'floor.import.notLeft' });
    expect(importStatusChange('checked', 'confirmed-weight')).toEqual({ ok: true, changes: true });
    expect(importStatusChange('checked', 'delivered')).toEqual({ ok: true, changes: true });
    expect(importStatusChange('shipped', 'confirmed-weight')).toEqual({ ok: false, message: 'floor.import.backwards' });
    expect(importStatusChange('received', 'in-transit')).toEqual({ ok: false, message: 'floor.import.backwards' });
    expect(importStatusChange('shipped', 'shipped')).toEqual({ ok: true, changes: false });
    expect(importStatusChange('in-transit', 'exception')).toEqual({ ok: true, changes: true });
    expect(importStatusChange('exception', 'shipped')).toEqual({ ok: true, changes: true });
    expect(importStatusChange('delivered', 'exception')).toEqual({ ok: false, message: 'floor.import.delivered' });
    expect(importStatusChange('delivered', 'delivered')).toEqual({ ok: true, changes: false });
  });

  it('never leads a carton back into the warehouse, whatever a partner sends', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CARTON_IMPORT_STATUSES), { maxLength: 20 }), (sent) => {
        let status: CartonStatus = 'checked';
        for (const to of sent) {
          const d = importStatusChange(status, to);
          if (d.ok) status = to;
        }
        expect(['open', 'packaged']).not.toContain(status);
      }),
    );
  });
});

describe('a parcel scanned into a carton', () => {
  const DEST = { carrierId: 'carrier-1', warehouseCode: 'LAX1', serviceId: 'service-1' };
  const box: CartonForParcel = { id: 'CT00000001', status: 'open', ...DEST };
  const parcel = (over: Partial<ParcelForCarton> = {}): ParcelForCarton => ({ status: 'labeled', paymentStatus: 'paid', labeled: true, checkInStatus: 'checked-in', restricted: [], cartonId: null, ...DEST, ...over });
  const refusal = (p: ParcelForCarton, c: CartonForParcel = box) => {
    const d = decideParcelScan(p, c);
    return d.ok ? (d.repeated ? 'repeated' : 'packed') : d.code;
  };

  it('takes a checked-in parcel going where the carton goes', () => {
    expect(refusal(parcel())).toBe('packed');
    // The warehouse code as typed or stored, in any case.
    expect(refusal(parcel({ warehouseCode: 'lax1' }))).toBe('packed');
  });

  it('refuses each case with its reason', () => {
    expect(refusal(parcel(), { ...box, status: 'packaged' })).toBe('CARTON_NOT_OPEN');
    expect(refusal(parcel({ cartonId: 'CT00000002' }))).toBe('PARCEL_IN_CARTON');
    expect(refusal(parcel({ status: 'canceled' }))).toBe('PARCEL_CANCELED');
    expect(refusal(parcel({ status: 'waiting-cancel' }))).toBe('PARCEL_CANCELED');
    // A confirmed dimension error's new order: in the warehouse, unpaid, no label until paid.
    expect(refusal(parcel({ status: 'unpaid', paymentStatus: 'unpaid', labeled: false }))).toBe('PARCEL_UNPAID');
    expect(refusal(parcel({ status: 'paid', labeled: false }))).toBe('PARCEL_NO_LABEL');
    expect(refusal(parcel({ status: 'on-hold-ship' }))).toBe('PARCEL_ON_HOLD');
    expect(refusal(parcel({ checkInStatus: 'check-in error' }))).toBe('PARCEL_RESTRICTED');
    expect(refusal(parcel({ restricted: ['wet'] }))).toBe('PARCEL_RESTRICTED');
    expect(refusal(parcel({ status: 'error-dimension' }))).toBe('PARCEL_DIMENSION_ERROR');
    expect(refusal(parcel({ checkInStatus: null }))).toBe('PARCEL_NOT_CHECKED_IN');
    expect(refusal(parcel({ checkInStatus: 'manual weighing' }))).toBe('PARCEL_NOT_CHECKED_IN');
    expect(refusal(parcel({ checkInStatus: 'check-in pending' }))).toBe('PARCEL_NOT_CHECKED_IN');
    expect(refusal(parcel({ carrierId: 'carrier-2' }))).toBe('PARCEL_OTHER_DESTINATION');
    expect(refusal(parcel({ warehouseCode: 'JFK1' }))).toBe('PARCEL_OTHER_DESTINATION');
    expect(refusal(parcel({ serviceId: 'service-2' }))).toBe('PARCEL_OTHER_DESTINATION');
    expect(refusal(parcel({ warehouseCode: null }))).toBe('PARCEL_OTHER_DESTINATION');
  });

  it('a parcel already in this carton is a repeated scan, never a refusal', () => {
    expect(decideParcelScan(parcel({ cartonId: box.id }), box)).toEqual({ ok: true, repeated: true });
  });

  it('packs only checked-in parcels free of restricted goods and dimension errors, to the carton\'s destination, into an open carton', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.constantFrom(...PAYMENT_STATUSES),
        fc.boolean(),
        fc.constantFrom(null, ...CHECK_IN_STATUSES),
        fc.constantFrom('carrier-1', 'carrier-2'),
        fc.constantFrom('LAX1', 'JFK1'),
        fc.constantFrom(null, box.id, 'CT00000002'),
        fc.constantFrom(...CARTON_STATUSES),
        fc.boolean(),
        (status, paymentStatus, labeled, checkInStatus, carrierId, warehouseCode, cartonId, cartonStatus, wet) => {
          const p = parcel({ status, paymentStatus, labeled, checkInStatus, carrierId, warehouseCode, cartonId, restricted: wet ? ['wet'] : [] });
          const d = decideParcelScan(p, { ...box, status: cartonStatus });
          if (d.ok && !d.repeated) {
            expect(cartonStatus).toBe('open');
            expect(p).toMatchObject({ labeled: true, checkInStatus: 'checked-in', cartonId: null, carrierId: 'carrier-1', warehouseCode: 'LAX1', restricted: [] });
            expect(paymentStatus).not.toBe('unpaid');
            expect(['draft', 'unpaid', 'canceled', 'waiting-cancel', 'on-hold', 'on-hold-ship', 'error-dimension']).not.toContain(status);
          }
          if (d.ok && d.repeated) expect(cartonId).toBe(box.id);
        },
      ),
    );
  });
});
