import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CustomerSearchQuerySchema,
  DiscountBodySchema,
  DiscountListQuerySchema,
  IdParamsSchema,
  ListQuerySchema,
  LoginBodySchema,
  NotificationCampaignBodySchema,
  NotificationCampaignListQuerySchema,
  ProductListQuerySchema,
  ProfileUpdateBodySchema,
  RegisterBodySchema,
  WarehouseBodySchema,
  WeightConfigListQuerySchema,
  ZoneBodySchema,
  ZoneRangeSchema,
  dateFilterBound,
  dateFilterField,
  idField,
  isMetadataHost,
  optionalHttpUrlField,
  pageField,
  isMessageKey,
  keywordQueryField,
  localDateTimeField,
  multilineTextField,
  textField,
  timestampField,
  withDateRange,
  RESOURCES,
  RESOURCE_NAMES_VI,
  PERMISSION_DESCRIPTIONS_VI,
  seededText,
  isWholeCents,
} from '.';

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};
const firstMessage = (schema: z.ZodType, value: unknown) => issues(schema, value)[0]?.message;

describe('text: control characters are refused', () => {
  const single = textField();
  const multi = multilineTextField();
  const controls = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F'];
  it.each(controls.map((c) => [c.charCodeAt(0).toString(16)]))('U+%s is refused in single- and multi-line text', (hex) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    expect(firstMessage(single, `a${c}b`)).toBe('validation.text.control');
    expect(firstMessage(multi, `a${c}b`)).toBe('validation.text.control');
  });
  it.each([['\t'], ['\n'], ['\r']])('%j is refused in single-line text and kept in multi-line text', (c) => {
    expect(firstMessage(single, `a${c}b`)).toBe('validation.text.control');
    expect(multi.parse(`a${c}b`)).toBe(`a${c}b`);
  });
  it.each([['plain'], ['Tiếng Việt có dấu'], ['€ ¥ — “quotes”'], ['\u0080 C1 stays (it is not C0)'], ['']])('accepts %j', (v) => {
    expect(single.parse(v)).toBe(v);
  });
  it('a missing value is required, a number is not text', () => {
    expect(firstMessage(single, undefined)).toBe('validation.required');
    expect(firstMessage(single, 42)).toBe('validation.invalid');
  });
  it('a query keyword with NUL is refused; a long one says at most 100', () => {
    const kw = z.object({ keyword: keywordQueryField() });
    expect(issues(kw, { keyword: 'a\u0000' })).toEqual([{ path: 'keyword', message: 'validation.text.control' }]);
    expect(issues(kw, { keyword: 'a'.repeat(101) })).toEqual([{ path: 'keyword', message: 'validation.max100' }]);
    expect(kw.parse({ keyword: '  shoes ' })).toEqual({ keyword: 'shoes' });
  });
});

describe('every list query refuses NUL in its free-text filters', () => {
  it.each([
    ['ListQuerySchema (carriers, services, warehouses, zones, taxes, carrier configs)', ListQuerySchema, 'keyword'],
    ['ProductListQuerySchema', ProductListQuerySchema, 'keyword'],
    ['WeightConfigListQuerySchema (weight configs, actual-weight fees)', WeightConfigListQuerySchema, 'keyword'],
    ['DiscountListQuerySchema searchKey', DiscountListQuerySchema, 'searchKey'],
    ['DiscountListQuerySchema startDate', DiscountListQuerySchema, 'startDate'],
    ['DiscountListQuerySchema endDate', DiscountListQuerySchema, 'endDate'],
    ['CustomerSearchQuerySchema', CustomerSearchQuerySchema, 'keyword'],
    ['NotificationCampaignListQuerySchema', NotificationCampaignListQuerySchema, 'keyword'],
  ] as const)('%s', (_name, schema, field) => {
    const found = issues(schema, { [field]: 'a\u0000' });
    expect(found).toContainEqual({ path: field, message: 'validation.text.control' });
  });
});

describe('an empty date filter is no filter', () => {
  it('?startDate=&endDate= parse as absent; a real one is kept', () => {
    expect(DiscountListQuerySchema.parse({ startDate: '', endDate: '' })).toMatchObject({ startDate: undefined, endDate: undefined });
    expect(DiscountListQuerySchema.parse({ startDate: '2026-01-01T00:00' }).startDate).toBe('2026-01-01T00:00');
  });
});

describe('bodies refuse NUL and name the field', () => {
  it('register fullName, login email, warehouse address, notification content', () => {
    const reg = { fullName: 'A\u0000', email: 'a@example.com', password: 'Abcdefgh1!xy', confirmPassword: 'Abcdefgh1!xy', agreeTerms: true };
    expect(issues(RegisterBodySchema, reg)).toContainEqual({ path: 'fullName', message: 'validation.text.control' });
    expect(issues(LoginBodySchema, { email: 'a\u0000@example.com', password: 'x' })).toContainEqual({ path: 'email', message: 'validation.text.control' });
    const wh = { code: 'W1', name: 'W', zipcode: '1', address: 'Street\u0000', city: 'C', country: 'US' };
    expect(issues(WarehouseBodySchema, wh)).toEqual([{ path: 'address', message: 'validation.text.control' }]);
  });
});

describe('ids', () => {
  it.each([['xyz'], ['a\u0000'], [''], ['00000000-0000-0000-0000-00000000000g'], ['a'.repeat(300)]])('%j is not an id', (v) => {
    expect(idField().safeParse(v).success).toBe(false);
  });
  it('a uuid is an id; a missing one is required', () => {
    expect(IdParamsSchema.parse({ id: '0b7c3f2e-1d4a-4c5b-9e6f-7a8b9c0d1e2f' }).id).toBe('0b7c3f2e-1d4a-4c5b-9e6f-7a8b9c0d1e2f');
    expect(issues(IdParamsSchema, {})).toEqual([{ path: 'id', message: 'validation.required' }]);
  });
});

describe('timestamps: real calendar dates, years 2000–2100', () => {
  const ts = timestampField();
  it.each([['2026-03-01T00:00:00Z'], ['2026-03-01T09:30:00+07:00'], ['2028-02-29T23:59:59.123Z'], ['2000-01-01T00:00Z'], ['2100-12-31T23:59:59-12:00']])('accepts %s', (v) => {
    expect(ts.parse(v)).toBe(v);
  });
  it.each([
    ['0020-03-01T00:00:00Z'], // year 20
    ['0099-06-01T00:00:00Z'], // Date.UTC would read this as 1999
    ['1999-12-31T23:59:59Z'],
    ['2101-01-01T00:00:00Z'],
    ['2027-02-29T10:00:00Z'], // not a leap year
    ['2026-13-45T25:99:00Z'],
    ['2026-04-31T00:00:00Z'],
    ['2026-03-01T24:00:00Z'],
    ['2026-03-01T00:00:00+15:00'],
    ['2026-03-01T00:00:00'], // no offset
    ['2026-03-01'],
    ['yesterday'],
    ['2026-03-01T00:00:00Z\u0000'],
  ])('refuses %j', (v) => {
    expect(firstMessage(ts, v)).toMatch(/^validation\.(datetime\.invalid|text\.control)$/);
  });

  const local = localDateTimeField();
  it.each([['2026-01-01T00:00'], ['2026-12-31T23:59:59'], ['2028-02-29T10:00']])('local %s is accepted', (v) => {
    expect(local.parse(v)).toBe(v);
  });
  it.each([['2026-13-45T25:99'], ['2027-02-30T10:00'], ['0099-06-01T00:00'], ['2026-01-01T10:00Z'], ['2026-01-01 10:00'], ['2026-1-1T10:00']])('local %j is refused', (v) => {
    expect(firstMessage(local, v)).toBe('validation.date.local');
  });

  const filter = dateFilterField();
  it.each([['2026-01-01'], ['2026-01-01T10:00'], ['2026-01-01T10:00:00Z']])('a date filter accepts %s', (v) => {
    expect(filter.parse(v)).toBe(v);
  });
  it.each([['2026-02-30'], ['0020-01-01'], ['x'], ['2026-01-01\u0000']])('a date filter refuses %j', (v) => {
    expect(filter.safeParse(v).success).toBe(false);
  });

  it('a date of birth is a real past date', () => {
    expect(ProfileUpdateBodySchema.safeParse({ fullName: 'An', dateOfBirth: '1990-02-28' }).success).toBe(true);
    expect(issues(ProfileUpdateBodySchema, { fullName: 'An', dateOfBirth: '1990-02-30' })).toEqual([{ path: 'dateOfBirth', message: 'validation.date.invalid' }]);
  });
});

describe('discount and notification bodies use the shared date rules', () => {
  const discount = { code: 'D1', name: 'D', amountOff: { type: 'percent', value: 10 }, startDate: '2026-01-01T00:00', endDate: '2026-02-01T00:00' };
  it.each([
    ['startDate', '2026-13-45T25:99'],
    ['endDate', '2027-02-30T10:00'],
  ])('a discount %s of %s is refused', (field, value) => {
    expect(issues(DiscountBodySchema, { ...discount, [field]: value })).toEqual([{ path: field, message: 'validation.date.local' }]);
  });
  it('end before start is refused once both dates are real', () => {
    expect(issues(DiscountBodySchema, { ...discount, endDate: '2025-12-31T23:59' })).toEqual([{ path: 'endDate', message: 'validation.date.endAfterStart' }]);
  });
  it('percent above 100 is refused, never capped', () => {
    expect(issues(DiscountBodySchema, { ...discount, amountOff: { type: 'percent', value: 150 } })).toEqual([{ path: 'amountOff.value', message: 'validation.percent.range' }]);
  });
  it.each([['0020-03-01T00:00:00Z'], ['0099-06-01T00:00:00Z']])('a notification publishAt %s is refused', (publishAt) => {
    const body = { name: 'N', code: 'N1', channel: 'noti', target: 'all', titleEn: 't', titleVi: 't', contentEn: 'line 1\nline 2', contentVi: 'c', publishAt };
    expect(issues(NotificationCampaignBodySchema, body)).toEqual([{ path: 'publishAt', message: 'validation.datetime.invalid' }]);
    expect(NotificationCampaignBodySchema.safeParse({ ...body, publishAt: '2026-03-01T00:00:00Z' }).success).toBe(true);
  });
});

describe('refinements never see values their own checks refused', () => {
  it.each([
    [{ zipFrom: 'abc', zipTo: '1' }, [{ path: 'zipFrom', message: 'validation.zip.digits' }]],
    [{ zipFrom: '1', zipTo: 'x' }, [{ path: 'zipTo', message: 'validation.zip.digits' }]],
    [{ zipFrom: '\u0000', zipTo: '1' }, [{ path: 'zipFrom', message: 'validation.text.control' }]],
    [{ zipFrom: '20', zipTo: '10' }, [{ path: 'zipTo', message: 'validation.zip.order' }]],
  ])('zone range %j', (range, expected) => {
    expect(() => ZoneRangeSchema.safeParse(range)).not.toThrow();
    expect(issues(ZoneRangeSchema, range)).toEqual(expected);
  });
  it('a zone body with a non-digit range is a validation error, not an exception', () => {
    const r = ZoneBodySchema.safeParse({ code: 'Z', name: 'Z', country: 'US', ranges: [{ zipFrom: 'abc', zipTo: '1' }] });
    expect(r.success).toBe(false);
  });
});

describe('a missing required field says it is required (en and vi), never zod’s text', () => {
  it.each([
    ['warehouse address', WarehouseBodySchema.shape.address],
    ['warehouse city', WarehouseBodySchema.shape.city],
    ['warehouse zipcode', WarehouseBodySchema.shape.zipcode],
    ['discount value (percent)', DiscountBodySchema.shape.amountOff.options[0].shape.value],
    ['discount value (fixed)', DiscountBodySchema.shape.amountOff.options[1].shape.value],
    ['discount start', DiscountBodySchema.shape.startDate],
    ['a plain number', z.number()],
    ['a plain string', z.string()],
    ['an enum', z.enum(['a', 'b'])],
  ])('%s', (_name, schema) => {
    expect(firstMessage(schema, undefined)).toBe('validation.required');
  });
  it('every issue message of these schemas is a message key', () => {
    const bad = { code: 'x y', name: '', zipcode: 'z', address: 1, city: null, country: 'usa', email: 'no', phone: 'p', shippingType: 'x', status: 'y', extra: 1 };
    for (const i of WarehouseBodySchema.strict().safeParse(bad).error!.issues) expect(isMessageKey(i.message), `${i.path.join('.')}: ${i.message}`).toBe(true);
    for (const i of DiscountBodySchema.safeParse({ amountOff: { type: 'percent' }, minimumWeight: -1 }).error!.issues) expect(isMessageKey(i.message), `${i.path.join('.')}: ${i.message}`).toBe(true);
  });
});

// Every string a request can bring goes through the shared helpers: walk each input schema the API
// reads (bodies, queries, params) down to its string leaves and feed each leaf a NUL.
import * as contracts from '.';

function stringLeaves(schema: z.ZodType, path: string, out: { path: string; leaf: z.ZodType }[], seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, p: string) => stringLeaves(s as z.ZodType, p, out, seen);
  switch (def.type) {
    case 'string':
      out.push({ path, leaf: schema });
      return;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${path}.${k}`);
      return;
    case 'array':
      walk(def.element, `${path}[]`);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType, path);
      return;
    case 'union':
      for (const o of def.options as unknown[]) walk(o, path);
      return;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      return;
    case 'pipe':
      // `.pipe()` and `z.preprocess()`: both sides may read what the request sent.
      walk(def.in, path);
      walk(def.out, path);
      return;
    default:
      return;
  }
}

/** Passwords typed to sign in or to confirm a change are only compared with the stored hash: never written, never queried. */
const COMPARED_ONLY = ['LoginBodySchema.password', 'UpdatePasswordBodySchema.currentPassword'];

describe('every input schema refuses NUL in every string it reads', () => {
  const inputs = Object.entries(contracts).filter(([name, v]) => /(Body|Query|Params)Schema$/.test(name) && v instanceof z.ZodType) as [string, z.ZodType][];
  it('finds the input schemas', () => {
    expect(inputs.length).toBeGreaterThan(25);
  });
  it.each(inputs)('%s', (name, schema) => {
    const leaves: { path: string; leaf: z.ZodType }[] = [];
    stringLeaves(schema, name, leaves);
    const accepting = leaves.filter(({ leaf }) => leaf.safeParse('a\u0000b').success || leaf.safeParse('\u0000').success).map((l) => l.path);
    expect(accepting.filter((p) => !COMPARED_ONLY.includes(p))).toEqual([]);
  });
});

describe('optionalHttpUrlField and isMetadataHost', () => {
  const url = optionalHttpUrlField(500);
  it('takes an http(s) URL or nothing, and refuses other schemes by name', () => {
    for (const ok of ['', 'https://carrier.example.com/api', 'http://127.0.0.1:9/api']) expect(url.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'ftp://x.example.com', 'https://', 'http:// spaced.example.com']) {
      const res = url.safeParse(bad);
      expect(res.success, bad).toBe(false);
      expect(res.error?.issues[0]?.message, bad).toBe('validation.url.invalid');
    }
  });
  it('knows link-local, cloud metadata and disguised numeric hosts', () => {
    for (const host of ['http://169.254.169.254/latest', 'http://[fe80::1]/', 'http://metadata.google.internal/', 'http://2852039166/', 'http://0xa9fea9fe/', 'http://0251.0376.0251.0376/', 'http://user@169.254.169.254/']) {
      expect(isMetadataHost(host), host).toBe(true);
    }
    for (const host of ['https://carrier.example.com/api', 'http://127.0.0.1:9/api', 'http://10.0.0.5/', 'https://api.169.254.example.com/']) expect(isMetadataHost(host), host).toBe(false);
  });
});

describe('pageField', () => {
  it('is 1 when absent, takes a whole number from 1, and says what a page must be otherwise', () => {
    expect(pageField().parse(undefined)).toBe(1);
    expect(pageField().parse('3')).toBe(3);
    for (const bad of ['-1', '0', '1.5', 'abc']) {
      const res = pageField().safeParse(bad);
      expect(res.success, bad).toBe(false);
      expect(res.error?.issues[0]?.message, bad).toBe('validation.page');
    }
  });
});

describe('date filter ranges', () => {
  it('a day is included whole as an end; a time or timestamp is its instant', () => {
    const midnight = Date.UTC(2026, 10, 24);
    expect(dateFilterBound('2026-11-24', 'from')).toBe(midnight);
    expect(dateFilterBound('2026-11-24', 'to')).toBe(midnight + 86_400_000);
    expect(dateFilterBound('2026-11-24T10:00', 'from')).toBe(midnight + 10 * 3_600_000);
    expect(dateFilterBound('2026-11-24T10:00:00+07:00', 'to')).toBe(midnight + 3 * 3_600_000 + 1);
    expect(dateFilterBound('2026-02-30', 'from')).toBeNull();
  });

  it('an end before its start is refused on the end field; the same day, an open side or a broken date is not this rule', () => {
    const schema = withDateRange(z.object({ from: dateFilterField().optional(), to: dateFilterField().optional() }), 'from', 'to');
    expect(issues(schema, { from: '2026-11-24', to: '2026-11-23' })).toEqual([{ path: 'to', message: 'validation.date.rangeReversed' }]);
    expect(issues(schema, { from: '2026-11-24T10:00:00Z', to: '2026-11-24T09:59:59Z' })).toEqual([{ path: 'to', message: 'validation.date.rangeReversed' }]);
    expect(issues(schema, { from: '2026-11-24', to: '2026-11-24' })).toEqual([]);
    expect(issues(schema, { from: '2026-11-24' })).toEqual([]);
    expect(issues(schema, { from: '2026-11-24', to: '2026-02-30' })).toEqual([{ path: 'to', message: 'validation.date.filter' }]);
  });
});

describe('seeded permissions and resources in Vietnamese', () => {
  it('every seeded resource and permission has its Vietnamese text', () => {
    for (const r of RESOURCES) {
      expect(RESOURCE_NAMES_VI[r.code], r.code).toBeTruthy();
      for (const code of Object.keys(r.permissions)) expect(PERMISSION_DESCRIPTIONS_VI[code], code).toBeTruthy();
    }
  });

  it('a seeded text reads in Vietnamese only while staff have not changed it', () => {
    expect(seededText('vi', 'List orders', 'List orders', 'Xem danh sách đơn hàng')).toBe('Xem danh sách đơn hàng');
    expect(seededText('en', 'List orders', 'List orders', 'Xem danh sách đơn hàng')).toBe('List orders');
    expect(seededText('vi', 'Our own words', 'List orders', 'Xem danh sách đơn hàng')).toBe('Our own words');
  });
});

describe('isWholeCents', () => {
  it('takes amounts of at most 2 decimals exactly, whatever their float error', () => {
    for (const v of [0, 1, 0.1, 0.01, 1.1, 8.81, 19.99, 1234567.89, -5.5]) expect(isWholeCents(v), String(v)).toBe(true);
  });
  it('refuses a third decimal and anything below a cent, also spelled with an exponent', () => {
    for (const v of [1e-9, 0.00000001, 0.001, 1.005, 0.1 + 0.2, 1e21, Number.NaN, Infinity]) expect(isWholeCents(v), String(v)).toBe(false);
  });
});
