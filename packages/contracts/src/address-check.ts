import { z } from 'zod';
import { idField, pageField, textField } from './fields';
import type { ImportColumn } from './products';

// SPEC §2 /app/check-address, §3 "Address check row", §4 "Address check: pending, valid, invalid",
// §5 file sizes (address check xlsx 5 MB), §8 address check reasons. docs/address-check.md.

/** SPEC §4: a row is pending (not checked yet, or the address provider did not answer), valid or invalid. */
export const ADDRESS_CHECK_STATUSES = ['pending', 'valid', 'invalid'] as const;
export type AddressCheckStatus = (typeof ADDRESS_CHECK_STATUSES)[number];

/** SPEC §8 address check reasons, as stable codes (messages `addressCheck.reason.<code>`). */
export const ADDRESS_REASONS = ['invalid_city', 'invalid_state_code', 'invalid_country_code', 'invalid_postal_code', 'address_not_found'] as const;
export type AddressReason = (typeof ADDRESS_REASONS)[number];

/** A batch is one single check or one uploaded file. */
export const ADDRESS_CHECK_SOURCES = ['single', 'file'] as const;
export type AddressCheckSource = (typeof ADDRESS_CHECK_SOURCES)[number];

/** A batch is done when none of its rows is pending. */
export const ADDRESS_CHECK_BATCH_STATUSES = ['pending', 'done'] as const;
export type AddressCheckBatchStatus = (typeof ADDRESS_CHECK_BATCH_STATUSES)[number];

/** Why a row stayed pending without a reason: the address provider did not answer in time or failed. */
export const ADDRESS_CHECK_NOTES = ['provider_unavailable'] as const;
export type AddressCheckNote = (typeof ADDRESS_CHECK_NOTES)[number];

export const ADDRESS_CHECK_LIMITS = {
  /** SPEC §5: address check xlsx up to 5 MB. */
  maxBytes: 5 * 1024 * 1024,
  /** SPEC §9: 3000 rows per file. */
  maxRows: 3000,
  /** Files above this size run as a queued job with progress (about 2,000 rows and more). */
  inlineMaxBytes: 150 * 1024,
  countryMax: 60,
  stateMax: 60,
  cityMax: 100,
  /** SPEC §9: zip under 30 characters. */
  zipMax: 29,
  addressMax: 255,
  pageSizeMax: 100,
} as const;

/** The template's columns, exactly these headers in this order. */
export const ADDRESS_CHECK_COLUMNS = [
  { header: 'Country', kind: 'text', required: true },
  { header: 'State', kind: 'text' },
  { header: 'City', kind: 'text', required: true },
  { header: 'Zip', kind: 'text', required: true },
  { header: 'Address_1', kind: 'text', required: true },
  { header: 'Address_2', kind: 'text' },
] as const satisfies readonly ImportColumn[];
export type AddressCheckHeader = (typeof ADDRESS_CHECK_COLUMNS)[number]['header'];

export const ADDRESS_CHECK_TEMPLATE_FILE = 'Template_address_check.xlsx';

const L = ADDRESS_CHECK_LIMITS;
const part = (max: number, key: string) => textField().trim().max(max, key);

/** One address to check. Only the shape is checked here; what is wrong with it is the check's answer. */
export const AddressCheckBodySchema = z.object({
  country: part(L.countryMax, 'validation.addressCheck.country.max').min(1, 'validation.required'),
  state: part(L.stateMax, 'validation.addressCheck.state.max').default(''),
  city: part(L.cityMax, 'validation.addressCheck.city.max').default(''),
  zip: part(L.zipMax, 'validation.addressCheck.zip.max').default(''),
  address1: part(L.addressMax, 'validation.max255').min(1, 'validation.required'),
  address2: part(L.addressMax, 'validation.max255').default(''),
});
export type AddressCheckBody = z.infer<typeof AddressCheckBodySchema>;

/** A suggested correction: only the parts that should change. */
export const AddressSuggestionSchema = z.object({
  country: z.string().optional(),
  state: z.string().optional(),
  city: z.string().optional(),
  zip: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

/** SPEC §3 address check row: state, status, full address, reason, suggested correction, checked date. */
export const AddressCheckRowSchema = z.object({
  id: z.string().uuid(),
  batchId: z.string().uuid(),
  /** The sheet row (1 for a single check). */
  rowNumber: z.number().int(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  zip: z.string(),
  address1: z.string(),
  address2: z.string(),
  fullAddress: z.string(),
  status: z.enum(ADDRESS_CHECK_STATUSES),
  reasons: z.array(z.enum(ADDRESS_REASONS)),
  /** The reasons in the caller's language, joined. */
  reasonText: z.string(),
  suggestion: AddressSuggestionSchema.nullable(),
  /** Pending without a reason: why (the provider did not answer). */
  note: z.enum(ADDRESS_CHECK_NOTES).nullable(),
  checkedAt: z.string().nullable(),
});
export type AddressCheckRow = z.infer<typeof AddressCheckRowSchema>;

export const AddressCheckBatchSchema = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  source: z.enum(ADDRESS_CHECK_SOURCES),
  fileName: z.string().nullable(),
  status: z.enum(ADDRESS_CHECK_BATCH_STATUSES),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  pending: z.number().int(),
  createdBy: z.string().uuid(),
  createdAt: z.string(),
});
export type AddressCheckBatch = z.infer<typeof AddressCheckBatchSchema>;

const pageFields = {
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(L.pageSizeMax, 'validation.pageSize').default(10),
};

export const AddressCheckBatchListQuerySchema = z.object({ ...pageFields, source: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(ADDRESS_CHECK_SOURCES, { error: 'validation.invalid' }).optional()) });
export type AddressCheckBatchListQuery = z.infer<typeof AddressCheckBatchListQuerySchema>;

export const AddressCheckRowListQuerySchema = z.object({
  ...pageFields,
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(ADDRESS_CHECK_STATUSES, { error: 'validation.addressCheck.status' }).optional()),
});
export type AddressCheckRowListQuery = z.infer<typeof AddressCheckRowListQuerySchema>;

/** The export takes the rows tab's status filter, never a page. */
export const AddressCheckExportQuerySchema = AddressCheckRowListQuerySchema.pick({ status: true });

export const AddressCheckIdParamsSchema = z.object({ id: idField() });

export const AddressCheckBatchPageSchema = z.object({
  items: z.array(AddressCheckBatchSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const AddressCheckRowPageSchema = z.object({
  batch: AddressCheckBatchSchema,
  items: z.array(AddressCheckRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** An uploaded file that ran inside the request: the batch it created and its counts. */
export const AddressCheckImportResultSchema = z.object({ batch: AddressCheckBatchSchema });
