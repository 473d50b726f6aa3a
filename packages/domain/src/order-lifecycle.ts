import type { CheckInStatus, OrderAction, OrderStatus, PaymentStatus, RoutingStatus } from '@exship/contracts';
import type { WorkingDayCalendar } from './working-days';

// The order lifecycle (SPEC §4), written as data: which action moves an order from which status to
// which, who may take it, and what it does to the payment status. The server enforces it, the web
// shows the buttons it allows, docs/order-lifecycle.md draws it. Pure: the clock and the working-day
// calendar come in as arguments.

/** SPEC §9 windows. */
export const ORDER_WINDOWS = {
  /** A labeled order cancelled within this many days of its label gets its shipping fee back. */
  cancelRefundDays: 14,
  /** …paid back this many working days after the cancellation. */
  refundAfterWorkingDays: 7,
  /** A labeled parcel the warehouse never received is cancelled after this many days. */
  autoCancelDays: 12,
  /** A dimension mismatch the seller has not confirmed is handled after this many days. */
  dimensionConfirmDays: 10,
} as const;

const DAY_MS = 86_400_000;

/**
 * The order fields the lifecycle reads and writes. The label's facts (tracking number, routing
 * status) are shipping's: `displayStatus` takes them from the read model, never from this state.
 */
export interface OrderState {
  status: OrderStatus;
  /** The status to return to from a suspended one (on hold, address or dimension check, waiting cancel). */
  preStatus: OrderStatus | null;
  paymentStatus: PaymentStatus;
  checkInStatus: CheckInStatus | null;
  /** When the parcel reached the origin warehouse (its first check-in scan). */
  checkInAt: Date | null;
  labeledAt: Date | null;
  dimensionFlaggedAt: Date | null;
  canceledAt: Date | null;
  refundDueAt: Date | null;
}

/** Statuses an order waits in until something resumes it; entering one keeps where it came from. */
export const SUSPENDED_STATUSES = ['on-hold', 'on-hold-ship', 'not-verified', 'error-dimension', 'waiting-cancel'] as const satisfies readonly OrderStatus[];
const suspended = new Set<OrderStatus>(SUSPENDED_STATUSES);

type Target = OrderStatus | 'preStatus' | 'same';

export interface TransitionRule {
  from: readonly OrderStatus[];
  to: Target;
  by: 'user' | 'system';
  /** A condition beyond the status (a label was bought, the parcel was received …). */
  when?: (o: OrderState) => boolean;
  /** The payment status this rule requires. */
  paymentFrom?: readonly PaymentStatus[];
  /** The payment status it sets. */
  paymentTo?: PaymentStatus;
}

const hasLabel = (o: OrderState) => o.labeledAt !== null;
const received = (o: OrderState) => o.checkInStatus === 'checked-in';
/** The parcel reached the warehouse, whatever its check-in came to (manual weighing and a check-in error too). */
const arrived = (o: OrderState) => o.checkInStatus !== null;
/** A check-in may still decide: not received yet, or waiting for manual weighing, or set aside for restricted goods. */
const checkInOpen = (o: OrderState) => o.checkInStatus === null || o.checkInStatus === 'manual weighing' || o.checkInStatus === 'check-in error';
const BEFORE_LABEL: readonly OrderStatus[] = ['draft', 'unpaid', 'paid', 'waiting-label', 'label error'];

/**
 * The transition table. An action's rules are tried in order; the first whose status, payment status
 * and condition match decides. Anything else is ACTION_NOT_ALLOWED_FOR_STATUS.
 */
export const ORDER_TRANSITIONS: { readonly [A in OrderAction]: readonly TransitionRule[] } = {
  // seller or staff
  pay: [
    { from: ['unpaid'], to: 'paid', by: 'user', paymentFrom: ['unpaid', 'processing'], paymentTo: 'paid' },
    { from: ['paid', 'waiting-label', 'label error', 'labeled', 'on-hold', 'on-hold-ship', 'not-verified', 'error-dimension', 'shipped', 'delivered', 'completed'], to: 'same', by: 'user', paymentFrom: ['surcharge-unpaid'], paymentTo: 'paid' },
  ],
  hold: [
    { from: ['labeled'], to: 'on-hold-ship', by: 'user', when: received },
    { from: ['unpaid', 'paid', 'waiting-label', 'label error', 'labeled'], to: 'on-hold', by: 'user' },
  ],
  unhold: [{ from: ['on-hold', 'on-hold-ship'], to: 'preStatus', by: 'user' }],
  cancel: [
    // A bought label is voided with the carrier first (normal mode): waiting-cancel until it confirms.
    { from: ['labeled', 'on-hold', 'on-hold-ship', 'not-verified', 'error-dimension'], to: 'waiting-cancel', by: 'user', when: hasLabel },
    { from: [...BEFORE_LABEL, 'on-hold', 'not-verified'], to: 'canceled', by: 'user', when: (o) => !hasLabel(o) },
  ],
  refund: [{ from: ['canceled'], to: 'same', by: 'user', paymentFrom: ['waiting-refund'], paymentTo: 'refund' }],
  redistribute: [{ from: ['paid', 'waiting-label', 'label error', 'labeled'], to: 'waiting-label', by: 'user', when: (o) => !received(o) }],
  buildNewLabel: [{ from: ['labeled', 'label error'], to: 'waiting-label', by: 'user' }],
  generateTracking: [{ from: ['paid', 'label error'], to: 'waiting-label', by: 'user' }],
  addSurcharge: [
    { from: ['paid', 'waiting-label', 'label error', 'labeled', 'on-hold', 'on-hold-ship', 'not-verified', 'error-dimension', 'shipped', 'delivered', 'completed'], to: 'same', by: 'user', paymentFrom: ['paid', 'surcharge-unpaid'], paymentTo: 'surcharge-unpaid' },
  ],
  confirmAddress: [{ from: ['not-verified'], to: 'preStatus', by: 'user' }],
  // the platform
  submitDraft: [{ from: ['draft'], to: 'unpaid', by: 'system' }],
  scheduleLabel: [{ from: ['paid'], to: 'waiting-label', by: 'system' }],
  labelPurchased: [{ from: ['waiting-label'], to: 'labeled', by: 'system' }],
  labelFailed: [{ from: ['waiting-label'], to: 'label error', by: 'system' }],
  retryLabel: [{ from: ['label error'], to: 'waiting-label', by: 'system' }],
  addressInvalid: [{ from: ['paid', 'waiting-label', 'labeled'], to: 'not-verified', by: 'system' }],
  addressEdited: [{ from: ['not-verified'], to: 'preStatus', by: 'system', when: (o) => !hasLabel(o) }],
  // The warehouse floor: the parcel measured within the tolerance, waiting for the scale, holding
  // restricted goods, or beyond the tolerance (the seller confirms the new price); an undo of the scan.
  checkIn: [{ from: ['labeled'], to: 'same', by: 'system', when: checkInOpen }],
  weighManually: [{ from: ['labeled'], to: 'same', by: 'system', when: (o) => o.checkInStatus === null }],
  checkInError: [{ from: ['labeled'], to: 'same', by: 'system', when: checkInOpen }],
  dimensionMismatch: [{ from: ['labeled'], to: 'error-dimension', by: 'system', when: checkInOpen }],
  undoCheckIn: [{ from: ['labeled', 'error-dimension'], to: 'preStatus', by: 'system', when: arrived }],
  // The seller confirms the measured size: a new order replaces this one, which is cancelled.
  confirmDimension: [{ from: ['error-dimension'], to: 'canceled', by: 'user' }],
  dimensionTimeout: [{ from: ['error-dimension'], to: 'canceled', by: 'system' }],
  carrierCancelConfirmed: [{ from: ['waiting-cancel'], to: 'canceled', by: 'system' }],
  carrierCancelRefused: [{ from: ['waiting-cancel'], to: 'preStatus', by: 'system' }],
  forceCancel: [{ from: ['labeled', 'on-hold', 'on-hold-ship', 'not-verified', 'error-dimension', 'waiting-cancel'], to: 'canceled', by: 'system', when: hasLabel }],
  ship: [{ from: ['labeled'], to: 'shipped', by: 'system' }],
  // Written set-based over a freight's parcels (setBasedRule): a status condition only.
  freightDeparted: [{ from: ['labeled'], to: 'shipped', by: 'system' }],
  deliver: [{ from: ['shipped'], to: 'delivered', by: 'system' }],
  complete: [{ from: ['delivered'], to: 'completed', by: 'system' }],
  // A parcel that reached the warehouse is never auto-cancelled, whatever its check-in came to.
  autoCancel: [{ from: ['labeled'], to: 'canceled', by: 'system', when: (o) => hasLabel(o) && !arrived(o) }],
  refundDue: [{ from: ['canceled'], to: 'same', by: 'system', paymentFrom: ['waiting-refund'], paymentTo: 'refund' }],
  // The refund action with an amount other than the scheduled one (offered through `refund`, so not a user action of its own).
  refundCustom: [{ from: ['canceled'], to: 'same', by: 'system', paymentFrom: ['waiting-refund'], paymentTo: 'refund-custom' }],
};

/** The check-in status each check-in action sets. */
const CHECK_IN_STATUS_OF = { checkIn: 'checked-in', weighManually: 'manual weighing', checkInError: 'check-in error', dimensionMismatch: 'check-in pending' } as const satisfies Partial<Record<OrderAction, CheckInStatus>>;

/** The actions that cancel an order (and so may start a refund). */
const CANCELLING = new Set<OrderAction>(['cancel', 'confirmDimension', 'dimensionTimeout', 'carrierCancelConfirmed', 'autoCancel', 'forceCancel']);

function ruleFor(o: OrderState, action: OrderAction): TransitionRule | undefined {
  return ORDER_TRANSITIONS[action].find(
    (r) => r.from.includes(o.status) && (!r.paymentFrom || r.paymentFrom.includes(o.paymentStatus)) && (!r.when || r.when(o)),
  );
}

/**
 * A system action's one rule as a set-based statement applies it (`UPDATE … WHERE status IN from`):
 * only a rule with no condition beyond the status and no payment change can be written that way.
 */
export function setBasedRule(action: OrderAction): { from: readonly OrderStatus[]; to: OrderStatus } {
  const rules = ORDER_TRANSITIONS[action];
  const rule = rules[0]!;
  if (rules.length !== 1 || rule.by !== 'system' || rule.when || rule.paymentFrom || rule.paymentTo || rule.to === 'same' || rule.to === 'preStatus' || SUSPENDED_STATUSES.includes(rule.to as never)) {
    throw new Error(`${action} cannot be applied set-based`);
  }
  return { from: rule.from, to: rule.to };
}

/** The user actions the order allows now, in the table's order (the buttons the web shows). */
export function allowedActions(o: OrderState): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((a) => ORDER_TRANSITIONS[a][0]!.by === 'user' && ruleFor(o, a) !== undefined);
}

export function isAllowed(o: OrderState, action: OrderAction): boolean {
  return ruleFor(o, action) !== undefined;
}

export type RefundKind = 'none' | 'full' | 'shipping';

export interface CancellationTerms {
  allowed: boolean;
  /** 'full' before a label; the shipping fee when the label is under 14 days old; else none. */
  refund: RefundKind;
  /** When the refund is paid (now for 'full', 7 working days on for 'shipping'). */
  refundDueAt: Date | null;
}

/** SPEC §4/§9 cancellation terms of an order at `now`. Shipped orders are neither cancelled nor refunded. */
export function cancellationTerms(o: OrderState, now: Date, calendar: Pick<WorkingDayCalendar, 'addWorkingDays'>): CancellationTerms {
  const allowed = isAllowed(o, 'cancel');
  const paid = o.paymentStatus === 'paid' || o.paymentStatus === 'surcharge-unpaid';
  if (!paid || o.status === 'shipped' || o.status === 'delivered' || o.status === 'completed') return { allowed, refund: 'none', refundDueAt: null };
  if (!hasLabel(o)) return { allowed, refund: 'full', refundDueAt: now };
  const withinWindow = now.getTime() - o.labeledAt!.getTime() <= ORDER_WINDOWS.cancelRefundDays * DAY_MS;
  return withinWindow
    ? { allowed, refund: 'shipping', refundDueAt: calendar.addWorkingDays(now, ORDER_WINDOWS.refundAfterWorkingDays) }
    : { allowed, refund: 'none', refundDueAt: null };
}

export interface HistoryEntry {
  action: OrderAction;
  from: OrderStatus;
  to: OrderStatus;
  paymentFrom: PaymentStatus;
  paymentTo: PaymentStatus;
  at: Date;
}

export type ApplyResult =
  | { ok: true; state: OrderState; history: HistoryEntry; refund: RefundKind }
  | { ok: false; code: 'ACTION_NOT_ALLOWED_FOR_STATUS' };

export interface ApplyContext {
  now: Date;
  calendar: Pick<WorkingDayCalendar, 'addWorkingDays'>;
}

/** The next state of `o` after `action`, with its history entry; or the refusal. */
export function apply(o: OrderState, action: OrderAction, ctx: ApplyContext): ApplyResult {
  const rule = ruleFor(o, action);
  if (!rule) return { ok: false, code: 'ACTION_NOT_ALLOWED_FOR_STATUS' };
  const to: OrderStatus = rule.to === 'same' ? o.status : rule.to === 'preStatus' ? (o.preStatus ?? o.status) : rule.to;
  const next: OrderState = { ...o, status: to };
  if (rule.to === 'preStatus') next.preStatus = null;
  else if (suspended.has(to) && !suspended.has(o.status)) next.preStatus = o.status;
  else if (!suspended.has(to)) next.preStatus = null;
  if (rule.paymentTo) next.paymentStatus = rule.paymentTo;

  let refund: RefundKind = 'none';
  if (to === 'waiting-cancel') next.canceledAt = ctx.now;
  if (action === 'carrierCancelRefused') next.canceledAt = null;
  if (CANCELLING.has(action) && to === 'canceled') {
    // The terms are those of the moment the cancellation was asked for: a carrier that confirms a
    // void days later does not shorten the seller's window.
    const wasWaiting = o.status === 'waiting-cancel';
    const askedAt = wasWaiting && o.canceledAt ? o.canceledAt : ctx.now;
    const asked = wasWaiting ? { ...o, status: o.preStatus ?? o.status } : o;
    // A dimension error keeps the terms of the day the warehouse found it (the seller had up to 10
    // days to answer); the refund is still paid 7 working days after the cancellation.
    const dimension = (action === 'confirmDimension' || action === 'dimensionTimeout') && o.dimensionFlaggedAt !== null;
    const terms = cancellationTerms(asked, dimension ? o.dimensionFlaggedAt! : askedAt, ctx.calendar);
    refund = terms.refund;
    next.canceledAt = askedAt;
    if (terms.refund !== 'none') {
      next.paymentStatus = 'waiting-refund';
      next.refundDueAt = dimension && terms.refund === 'shipping' ? ctx.calendar.addWorkingDays(askedAt, ORDER_WINDOWS.refundAfterWorkingDays) : terms.refundDueAt;
    }
  }
  if (action === 'labelPurchased') next.labeledAt = ctx.now;
  if (action === 'buildNewLabel' || action === 'redistribute' || action === 'generateTracking') next.labeledAt = null;
  if (action === 'checkIn' || action === 'weighManually' || action === 'checkInError' || action === 'dimensionMismatch') {
    next.checkInStatus = CHECK_IN_STATUS_OF[action];
    next.checkInAt = o.checkInAt ?? ctx.now;
  }
  if (action === 'dimensionMismatch') next.dimensionFlaggedAt = ctx.now;
  if (action === 'undoCheckIn') {
    next.checkInStatus = null;
    next.checkInAt = null;
    next.dimensionFlaggedAt = null;
  }
  if (action === 'refund' || action === 'refundDue' || action === 'refundCustom') next.refundDueAt = null;
  return { ok: true, state: next, history: { action, from: o.status, to, paymentFrom: o.paymentStatus, paymentTo: next.paymentStatus, at: ctx.now }, refund };
}

// ------------------------------------------------------------------------------------------------
// Deadlines the cron jobs apply (SPEC §4, §9).

/** A labeled parcel never received at the warehouse, 12 days after its label. */
export function isAutoCancelDue(o: OrderState, now: Date): boolean {
  return isAllowed(o, 'autoCancel') && now.getTime() - o.labeledAt!.getTime() >= ORDER_WINDOWS.autoCancelDays * DAY_MS;
}

/** A dimension mismatch left unconfirmed for 10 days. */
export function isDimensionTimeoutDue(o: OrderState, now: Date): boolean {
  return o.status === 'error-dimension' && o.dimensionFlaggedAt !== null && now.getTime() - o.dimensionFlaggedAt.getTime() >= ORDER_WINDOWS.dimensionConfirmDays * DAY_MS;
}

/** A cancelled order whose refund date has come. */
export function isRefundDue(o: OrderState, now: Date): boolean {
  return isAllowed(o, 'refundDue') && o.refundDueAt !== null && o.refundDueAt.getTime() <= now.getTime();
}

// ------------------------------------------------------------------------------------------------
// Editing.

/**
 * What an edit may change now: everything before a label is bought; only the address (as a new
 * order, the old one cancelled and refunded after 7 working days) once labeled and not yet received;
 * nothing otherwise — a held order without a label is released (unhold) before it is edited.
 */
export function editScope(o: OrderState): 'full' | 'address-as-new-order' | 'none' {
  if (o.status === 'draft' || o.status === 'unpaid' || o.status === 'label error' || (o.status === 'not-verified' && !hasLabel(o))) return 'full';
  if (o.status === 'paid' || o.status === 'waiting-label') return 'full';
  if ((o.status === 'labeled' || o.status === 'not-verified' || o.status === 'on-hold') && hasLabel(o) && !received(o)) return 'address-as-new-order';
  return 'none';
}

// ------------------------------------------------------------------------------------------------
// Display (SPEC §4 display rule), one function for the list, the detail and exports.

export interface DisplayInput {
  status: OrderStatus;
  preStatus: OrderStatus | null;
  /** The label's facts, as shipping knows them (null: no label). */
  routingStatus: RoutingStatus | null;
  trackingNumber: string | null;
  /** The location of the first routing event, when there is one. */
  firstRoutingLocation?: string | null;
}

export type OrderDisplay =
  | { kind: 'status'; status: OrderStatus }
  | { kind: 'routing'; routingStatus: RoutingStatus; trackingNumber: string; location: string | null };

/**
 * How an order's state is shown. `restricted`: viewers who do not see holds (sellers' team members
 * without the hold permission) see a held labeled order as labeled.
 */
export function displayStatus(o: DisplayInput, viewer: { restricted: boolean }): OrderDisplay {
  if (viewer.restricted && (o.status === 'on-hold' || o.status === 'on-hold-ship') && o.preStatus === 'labeled') return { kind: 'status', status: 'labeled' };
  if (o.status === 'shipped' && o.routingStatus && o.trackingNumber) {
    const showsLocation = o.routingStatus === 'in-transit' || o.routingStatus === 'pre-shipment';
    return { kind: 'routing', routingStatus: o.routingStatus, trackingNumber: o.trackingNumber, location: showsLocation ? (o.firstRoutingLocation ?? null) : null };
  }
  return { kind: 'status', status: o.status };
}

// ------------------------------------------------------------------------------------------------
// Refund amounts (SPEC §9; docs/refunds.md).

export interface OrderMoney {
  shippingFeeCents: number;
  discountCents: number;
  taxFeeCents: number;
  seasonalFeeCents: number;
  overLengthFeeCents: number;
  signatureFeeCents: number;
  surchargeCents: number;
  totalCents: number;
}

/**
 * What a cancellation gives back, by the fee lines: everything paid before a label ('full'); for a
 * labeled order cancelled within 14 days, the §9 formula — (shipping fee − discount) + seasonal +
 * over-length + signature fees + surcharge, without the tax fee ('shipping'); nothing otherwise.
 * `unpaidSurchargeCents`: surcharges added and never paid, which are part of the fee lines but were
 * never taken from the wallet, so they are never given back.
 */
export function refundAmountCents(o: OrderMoney, kind: RefundKind, unpaidSurchargeCents = 0): number {
  if (kind === 'none') return 0;
  if (kind === 'full') return Math.max(0, o.totalCents - unpaidSurchargeCents);
  const paidSurchargeCents = Math.max(0, o.surchargeCents - unpaidSurchargeCents);
  return Math.max(0, o.shippingFeeCents - o.discountCents) + o.seasonalFeeCents + o.overLengthFeeCents + o.signatureFeeCents + paidSurchargeCents;
}

/** What the wallet has moved for one order (the wallet's `orderMoney`). */
export interface RefundLedger {
  /** Everything paid for the order: its price and the surcharges paid. */
  paidCents: number;
  /** Everything already refunded for it. */
  refundedCents: number;
}

/**
 * THE amount a refund pays, for the order's screen and for the wallet's credit alike: the scheduled
 * amount, never more than was paid less what was already refunded, never below 0.
 */
export function refundableCents(scheduledCents: number, ledger: RefundLedger): number {
  return Math.max(0, Math.min(scheduledCents, ledger.paidCents - ledger.refundedCents));
}
