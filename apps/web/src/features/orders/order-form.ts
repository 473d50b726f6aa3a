import { OrderCreateBodySchema, OrderUpdateBodySchema, type OrderCreateBody, type OrderDetail, type PaymentMethod } from '@exship/contracts';

// The create/edit wizard's values and how they map to the contract's body (SPEC §2 "Order create
// and edit": selected products, order information, shipping information, payment method).

export interface LineValues {
  productId?: string;
  variantId?: string;
  quantity?: number | null;
  /** SPEC §5 restricted goods declared for the line ('none' or empty: ordinary goods). */
  restrictedCategory?: string | null;
  /** Volume in ml, for gels, liquids and creams. */
  volumeMl?: number | null;
  /** Declared value in USD, for watches. */
  valueUsd?: number | null;
}

export interface RecipientValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  country?: string;
  zipcode?: string;
  taxNumber?: string;
}

export interface OrderFormValues {
  customerId?: string;
  orderName?: string;
  note?: string;
  lines?: LineValues[];
  recipient?: RecipientValues;
  serviceCode?: string;
  signature?: boolean;
  discountCode?: string;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  weightGr?: number | null;
  labelTiktok?: string;
  paymentMethod?: PaymentMethod;
}

export const STEPS = ['information', 'shipping', 'review', 'payment'] as const;
export type Step = (typeof STEPS)[number];

/** The form items of each step, as antd name paths (for "Next" and for placing server errors). */
export const RECIPIENT_FIELDS = ['firstName', 'lastName', 'country', 'state', 'city', 'zipcode', 'address1', 'address2', 'email', 'phone', 'taxNumber'] as const;
const PARCEL_FIELDS = ['serviceCode', 'signature', 'discountCode', 'lengthCm', 'widthCm', 'heightCm', 'weightGr'] as const;

/** The step that holds a field (`recipient.email`, `lines.0.quantity`, `orderName`). */
export function stepOf(path: readonly (string | number)[]): number {
  const head = String(path[0] ?? '');
  if (head === 'recipient' || (PARCEL_FIELDS as readonly string[]).includes(head)) return 1;
  if (head === 'paymentMethod') return 3;
  return 0;
}

/** Name paths of the simple items of a step (lines are validated by their own list). */
export function stepFields(step: number, lineCount: number, staff: boolean): (string | number)[][] {
  if (step === 0) {
    const lines = Array.from({ length: lineCount }, (_, i) => (['productId', 'variantId', 'quantity'] as const).map((f) => ['lines', i, f])).flat();
    return [...(staff ? [['customerId']] : []), ['orderName'], ['note'], ...lines];
  }
  if (step === 1) return [...RECIPIENT_FIELDS.map((f) => ['recipient', f]), ...PARCEL_FIELDS.map((f) => [f])];
  if (step === 3) return [['paymentMethod']];
  return [];
}

const num = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};
const text = (v: string | null, max: number): string | undefined => (v && v.trim() && v.length <= max ? v.trim() : undefined);

/**
 * Values the Price screen passes on (`?serviceCode=STD&country=US&state=CA&zipcode=90001&weight=500
 * &length=20&width=15&height=5&signature=true&discountCode=WELCOME10`): everything the rate was
 * priced with, so the order is priced the same; anything malformed is left out.
 */
export function prefillFromQuery(params: URLSearchParams): OrderFormValues {
  const values: OrderFormValues = {};
  const serviceCode = text(params.get('serviceCode'), 50);
  if (serviceCode) values.serviceCode = serviceCode.toUpperCase();
  const recipient: RecipientValues = {};
  const country = params.get('country')?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) recipient.country = country;
  const state = params.get('state')?.trim().toUpperCase();
  if (state && /^[A-Z0-9]{1,3}$/.test(state)) recipient.state = state;
  const zipcode = params.get('zipcode')?.trim();
  if (zipcode && /^\d{1,29}$/.test(zipcode)) recipient.zipcode = zipcode;
  if (Object.keys(recipient).length) values.recipient = recipient;
  const measures = { weightGr: 'weight', lengthCm: 'length', widthCm: 'width', heightCm: 'height' } as const;
  for (const [field, param] of Object.entries(measures) as [keyof typeof measures, string][]) {
    const n = num(params.get(param));
    if (n !== undefined) values[field] = n;
  }
  const signature = params.get('signature');
  if (signature === 'true' || signature === '1') values.signature = true;
  else if (signature === 'false' || signature === '0') values.signature = false;
  // SPEC §5 discount code: uppercase letters and digits, at most 50.
  const discountCode = params.get('discountCode')?.trim().toUpperCase();
  if (discountCode && /^[A-Z0-9]{1,50}$/.test(discountCode)) values.discountCode = discountCode;
  return values;
}

/** The wizard's starting values for a new order. */
export const NEW_ORDER: OrderFormValues = {
  lines: [],
  recipient: { country: 'US' },
  signature: false,
  paymentMethod: 'wallet',
};

/** An existing order as the wizard's values (the edit screen). */
export function valuesFromOrder(o: OrderDetail): OrderFormValues {
  return {
    orderName: o.orderName,
    note: o.note,
    lines: o.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity, restrictedCategory: l.restrictedCategory, volumeMl: l.volumeMl, valueUsd: l.valueUsd })),
    recipient: { ...o.recipient },
    serviceCode: o.serviceCode,
    signature: o.signature,
    discountCode: o.discountCode ?? '',
    lengthCm: o.lengthCm,
    widthCm: o.widthCm,
    heightCm: o.heightCm,
    weightGr: o.weightGr,
    labelTiktok: o.labelTiktok,
    paymentMethod: o.paymentMethod,
  };
}

const orUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

/** The body the contract reads, before parsing (parse it with `parseOrder`). */
export function toBody(v: OrderFormValues, staff: boolean): Record<string, unknown> {
  const r = v.recipient ?? {};
  return {
    orderName: v.orderName ?? '',
    note: v.note ?? '',
    serviceCode: v.serviceCode ?? '',
    signature: !!v.signature,
    discountCode: v.discountCode ?? '',
    lengthCm: orUndefined(v.lengthCm),
    widthCm: orUndefined(v.widthCm),
    heightCm: orUndefined(v.heightCm),
    weightGr: orUndefined(v.weightGr),
    recipient: {
      firstName: r.firstName ?? '',
      lastName: r.lastName ?? '',
      email: r.email ?? '',
      phone: r.phone ?? '',
      address1: r.address1 ?? '',
      address2: r.address2 ?? '',
      city: r.city ?? '',
      state: r.state ?? '',
      country: r.country ?? '',
      zipcode: r.zipcode ?? '',
      taxNumber: r.taxNumber ?? '',
    },
    lines: (v.lines ?? []).map((l) => ({
      productId: l.productId ?? '',
      variantId: l.variantId ?? '',
      quantity: orUndefined(l.quantity),
      ...(l.restrictedCategory && l.restrictedCategory !== 'none' ? { restrictedCategory: l.restrictedCategory } : {}),
      ...(l.restrictedCategory && l.volumeMl != null ? { volumeMl: l.volumeMl } : {}),
      ...(l.restrictedCategory && l.valueUsd != null ? { valueUsd: l.valueUsd } : {}),
    })),
    labelTiktok: v.labelTiktok ?? '',
    paymentMethod: v.paymentMethod ?? 'wallet',
    ...(staff && v.customerId ? { customerId: v.customerId } : {}),
  };
}

export type ParsedOrder = { ok: true; body: OrderCreateBody } | { ok: false; issues: { path: (string | number)[]; message: string }[] };

/** The whole-body rules of the contract (email and phone outside the US …), as the server runs them. */
export function parseOrder(v: OrderFormValues, staff: boolean, editing: boolean): ParsedOrder {
  const body = toBody(v, staff);
  const result = editing ? OrderUpdateBodySchema.safeParse(body) : OrderCreateBodySchema.safeParse(body);
  if (result.success) return { ok: true, body: result.data as OrderCreateBody };
  return { ok: false, issues: result.error.issues.map((i) => ({ path: i.path.filter((p): p is string | number => typeof p !== 'symbol'), message: i.message })) };
}
