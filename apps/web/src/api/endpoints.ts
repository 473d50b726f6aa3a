import type { Language, LoginReply, Profile } from '@exship/contracts';
import { api } from './client';

// The auth, profile and wallet calls of SPEC §7, typed from the contracts.
export interface WalletInfo {
  balance: number;
  unpaid: number;
  autoPay: boolean;
  credit: { limit: number; remaining: number; isBlocked: boolean } | null;
}

export interface RegisterInput {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone?: string;
  agreeTerms: true;
}

export const authApi = {
  register: (body: RegisterInput) => api.post<unknown>('/register', body),
  activate: (verifyCode: string) => api.get<unknown>(`/accounts/authorization/activate/${encodeURIComponent(verifyCode)}`),
  requestVerify: (userId: string) => api.post<unknown>(`/accounts/request-verify/${encodeURIComponent(userId)}`),
  login: (body: { email: string; password: string }) => api.post<LoginReply>('/login', body),
  logout: () => api.get<unknown>('/logout'),
  me: (signal?: AbortSignal) => api.get<Profile>('/me', signal),
  forgot: (email: string) => api.post<unknown>('/password/forgot', { email }),
  reset: (body: { token: string; password: string; confirmPassword: string }) => api.post<unknown>('/password/reset-password', body),
  updatePassword: (body: { currentPassword: string; password: string; confirmPassword: string; logoutOtherSessions: boolean }) =>
    api.post<unknown>('/password/update', body),
};

export const profileApi = {
  update: (body: { fullName: string; phone?: string; gender?: 'male' | 'female' | null; dateOfBirth?: string | null }) =>
    api.post<Profile>('/profile/update', body),
  updateSetting: (body: { timeZone?: string; labelPurchaseDelayHours?: number; autoPay?: boolean }) =>
    api.patch<Profile>('/profile/update-setting', body),
  setLanguage: (code: Language) => api.patch<Profile>('/user/setting-notification-language', { code }),
};

/** SPEC §7: the reply carries `balance` or `balanceAfter`. */
export async function fetchWallet(signal?: AbortSignal): Promise<WalletInfo> {
  const res = await api.get<Partial<WalletInfo> & { balanceAfter?: number }>('/wallet/imformation-wallet', signal);
  const d = res.data ?? {};
  return {
    balance: Number(d.balance ?? d.balanceAfter ?? 0),
    unpaid: Number(d.unpaid ?? 0),
    autoPay: Boolean(d.autoPay),
    credit: d.credit ?? null,
  };
}

// ======================================================================================
// Issue 3 — shipping network and pricing, discounts, the quote (features/catalog, discounts, quote).
// Bodies are the contracts' zod outputs; replies follow the server's DTOs. Everything below is
// used only by lazy screens, so it tree-shakes out of the entry chunk.
// ======================================================================================
import type {
  CarrierBodySchema,
  CarrierConfigBodySchema,
  DiscountBodySchema,
  DiscountState,
  QuoteBody,
  QuoteReply,
  ServiceBodySchema,
  TaxBodySchema,
  WarehouseBodySchema,
  ZoneBodySchema,
} from '@exship/contracts';
import { fetchFile, queryString, request as apiRequest, uploadFile } from './client';

/** The parsed (output) type of a contracts schema, without importing zod here. */
type Parsed<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type CarrierBody = Parsed<typeof CarrierBodySchema>;
export type ServiceBody = Parsed<typeof ServiceBodySchema>;
export type WarehouseBody = Parsed<typeof WarehouseBodySchema>;
export type ZoneBody = Parsed<typeof ZoneBodySchema>;
export type TaxBody = Parsed<typeof TaxBodySchema>;
export type CarrierConfigBody = Parsed<typeof CarrierConfigBodySchema>;
export type DiscountBody = Parsed<typeof DiscountBodySchema>;

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
export type ListParams = Record<string, string | number | undefined | null>;

export type ServiceItem = ServiceBody & { id: string };
export type CarrierItem = CarrierBody & { id: string; services: ServiceItem[] };
export type WarehouseItem = Omit<WarehouseBody, 'email' | 'phone' | 'state'> & { id: string; email: string | null; phone: string | null; state: string | null };
export type ZoneItem = ZoneBody & { id: string };
export type TaxItem = Omit<TaxBody, 'province' | 'carrierId'> & { id: string; province: string | null; carrierId: string | null };
export type CarrierConfigItem = Omit<CarrierConfigBody, 'sku' | 'toCountry'> & { id: string; sku: string | null; toCountry: string | null };
export interface PriceBracket {
  weightFrom: number;
  weightTo: number;
  shippingFee: number;
  seasonalFee: number;
}
export type ServiceDetail = ServiceItem & { brackets: PriceBracket[] };
export interface SellPrice {
  service: { id: string; code: string; name: string; signatureFee: number };
  brackets: PriceBracket[];
}
export type PriceKind = 'service' | 'carrier';
export interface PriceVersion {
  id: string;
  kind: PriceKind;
  status: 'draft' | 'active' | 'archived';
  fileName: string;
  rowCount: number;
  createdAt: string;
  activatedAt: string | null;
}
export interface PricePreviewRow {
  sampleId: string;
  quotedAt: string;
  serviceCode: string;
  destination: string;
  weight: number;
  before: number | null;
  after: number | null;
  delta: number | null;
  afterError: string | null;
}
export interface PricePreview {
  version: PriceVersion;
  summary: { samples: number; changed: number; increased: number; decreased: number; newlyUnpriced: number; averageDelta: number };
  rows: PricePreviewRow[];
}
export type DiscountItem = DiscountBody & { id: string; status: DiscountState; used: number };
export type { QuoteBody, QuoteReply };

const put = <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, { body });
const del = (path: string) => apiRequest<null>('DELETE', path);
const id = encodeURIComponent;

export const catalogApi = {
  carriers: (p?: ListParams, signal?: AbortSignal) => apiRequest<PageOf<CarrierItem>>('GET', `/carriers${queryString(p)}`, { signal }),
  createCarrier: (b: CarrierBody) => apiRequest<CarrierItem>('POST', '/carriers', { body: b }),
  updateCarrier: (carrierId: string, b: CarrierBody) => put<CarrierItem>(`/carriers/${id(carrierId)}`, b),

  services: (p?: ListParams, signal?: AbortSignal) => apiRequest<PageOf<ServiceItem>>('GET', `/services${queryString(p)}`, { signal }),
  service: (serviceId: string, signal?: AbortSignal) => apiRequest<ServiceDetail>('GET', `/services/${id(serviceId)}`, { signal }),
  createService: (b: ServiceBody) => apiRequest<ServiceItem>('POST', '/services', { body: b }),
  updateService: (serviceId: string, b: ServiceBody) => put<ServiceItem>(`/services/${id(serviceId)}`, b),

  warehouses: (p?: ListParams, signal?: AbortSignal) => apiRequest<PageOf<WarehouseItem>>('GET', `/warehouses${queryString(p)}`, { signal }),
  createWarehouse: (b: WarehouseBody) => apiRequest<WarehouseItem>('POST', '/warehouses', { body: b }),
  updateWarehouse: (warehouseId: string, b: WarehouseBody) => put<WarehouseItem>(`/warehouses/${id(warehouseId)}`, b),

  zones: (p?: ListParams, signal?: AbortSignal) => apiRequest<PageOf<ZoneItem>>('GET', `/zones${queryString(p)}`, { signal }),
  createZone: (b: ZoneBody) => apiRequest<ZoneItem>('POST', '/zones', { body: b }),
  updateZone: (zoneId: string, b: ZoneBody) => put<ZoneItem>(`/zones/${id(zoneId)}`, b),
  zoneTemplate: () => fetchFile('/zones/template.xlsx'),
  zoneExport: () => fetchFile('/zones/export.xlsx'),
  importZones: (file: File, onlyValidate: boolean) =>
    uploadFile<{ rows: number; zones: number; imported: boolean }>(`/zones/import?onlyValidate=${onlyValidate}`, file),

  taxes: (p?: ListParams, signal?: AbortSignal) => apiRequest<PageOf<TaxItem>>('GET', `/taxes${queryString(p)}`, { signal }),
  createTax: (b: TaxBody) => apiRequest<TaxItem>('POST', '/taxes', { body: b }),
  updateTax: (taxId: string, b: TaxBody) => put<TaxItem>(`/taxes/${id(taxId)}`, b),
  deleteTax: (taxId: string) => del(`/taxes/${id(taxId)}`),

  carrierConfigs: (p?: ListParams, signal?: AbortSignal) => apiRequest<PageOf<CarrierConfigItem>>('GET', `/carrier-configs${queryString(p)}`, { signal }),
  createCarrierConfig: (b: CarrierConfigBody) => apiRequest<CarrierConfigItem>('POST', '/carrier-configs', { body: b }),
  updateCarrierConfig: (configId: string, b: CarrierConfigBody) => put<CarrierConfigItem>(`/carrier-configs/${id(configId)}`, b),
  deleteCarrierConfig: (configId: string) => del(`/carrier-configs/${id(configId)}`),
};

export const pricingApi = {
  sellPrices: (signal?: AbortSignal) => apiRequest<SellPrice[]>('GET', '/pricing/sell-prices', { signal }),
  versions: (kind: PriceKind, signal?: AbortSignal) => apiRequest<PriceVersion[]>('GET', `/pricing/versions/${kind}`, { signal }),
  template: (kind: PriceKind) => fetchFile(`/pricing/template/${kind}`),
  exportVersion: (kind: PriceKind, versionId?: string) => fetchFile(`/pricing/export/${kind}${queryString({ versionId })}`),
  importFile: (kind: PriceKind, file: File, onlyValidate: boolean) =>
    uploadFile<{ rows: number; version: PriceVersion | null }>(`/pricing/import/${kind}?onlyValidate=${onlyValidate}`, file),
  preview: (versionId: string, signal?: AbortSignal) => apiRequest<PricePreview>('GET', `/pricing/version/${id(versionId)}/preview`, { signal }),
  activate: (versionId: string) => apiRequest<PriceVersion>('POST', `/pricing/version/${id(versionId)}/activate`, { body: {} }),
  deleteDraft: (versionId: string) => del(`/pricing/version/${id(versionId)}`),
};

export const discountApi = {
  list: (p?: ListParams, signal?: AbortSignal) => apiRequest<PageOf<DiscountItem>>('GET', `/discounts${queryString(p)}`, { signal }),
  get: (code: string, signal?: AbortSignal) => apiRequest<DiscountItem>('GET', `/discounts/${id(code)}`, { signal }),
  create: (b: DiscountBody) => apiRequest<DiscountItem>('POST', '/discounts', { body: b }),
  update: (code: string, b: DiscountBody) => put<DiscountItem>(`/discounts/${id(code)}`, b),
  remove: (code: string) => del(`/discounts/${id(code)}`),
};

export const quoteApi = {
  quote: (b: QuoteBody) => apiRequest<QuoteReply>('POST', '/quote', { body: b }),
};
// ===================================== end of issue 3 =====================================

// ======================================================================================
// Issue 4 — products, approval, product imports, weight thresholds and actual-weight fees
// (features/products). Replies follow the contracts' reply schemas. Names are prefixed so this
// block stays independent of the blocks above.
// ======================================================================================
import type {
  Product,
  ProductCreateBody,
  ProductListReply,
  ProductUpdateBody,
  WeightConfig,
  WeightConfigBody,
  WeightConfigHistory,
} from '@exship/contracts';

export type ProductQuery = Record<string, string | number | undefined | null>;
export type ProductImportKind = 'product' | 'variant' | 'partnerId' | 'weightConfig';
/** `POST …import?onlyValidate=true` returns the checked rows keyed by template header; the real import adds counts. */
export interface ProductImportResult {
  onlyValidate: boolean;
  totalRows: number;
  rows: ({ row: number } & Record<string, string | number | null>)[];
  created?: { products: number; variants: number };
  updated?: number;
}
export interface WeightConfigPage {
  items: WeightConfig[];
  page: number;
  pageSize: number;
  totalCount: number;
}
export interface ActualWeightFeeResult {
  productId: string;
  weighedGrams: number;
  weightThreshold: number | null;
  exceeded: boolean;
  /** USD */
  fee: number;
}
export interface MockupUpload {
  url: string;
  contentType: string;
  size: number;
}

const PRODUCT_IMPORT_PATHS: Record<ProductImportKind, { template: string; upload: string }> = {
  product: { template: '/products/templates/product.xlsx', upload: '/products/import' },
  variant: { template: '/products/templates/variant.xlsx', upload: '/products/import-variants' },
  partnerId: { template: '/products/templates/partner-id.xlsx', upload: '/products/import-partner-ids' },
  weightConfig: { template: '/products/templates/weight-config.xlsx', upload: '/products/weight-configs/import' },
};


export const productsApi = {
  list: (q?: ProductQuery, signal?: AbortSignal) => apiRequest<ProductListReply>('GET', `/products${queryString(q)}`, { signal }),
  get: (productId: string, signal?: AbortSignal) => apiRequest<Product>('GET', `/products/${id(productId)}`, { signal }),
  create: (body: ProductCreateBody) => apiRequest<Product>('POST', '/products', { body }),
  update: (productId: string, body: ProductUpdateBody) => apiRequest<Product>('PATCH', `/products/${id(productId)}`, { body }),
  remove: (productId: string) => apiRequest<null>('DELETE', `/products/${id(productId)}`),
  submit: (productId: string) => apiRequest<Product>('POST', `/products/${id(productId)}/submit`, { body: {} }),
  accept: (productId: string) => apiRequest<Product>('POST', `/products/${id(productId)}/accept`, { body: {} }),
  reject: (productId: string, reason: string) => apiRequest<Product>('POST', `/products/${id(productId)}/reject`, { body: { reason } }),

  /** An xlsx template with the server's file name. */
  template: (kind: ProductImportKind) => fetchFile(PRODUCT_IMPORT_PATHS[kind].template),
  importFile: (kind: ProductImportKind, file: File, onlyValidate: boolean) =>
    uploadFile<ProductImportResult>(`${PRODUCT_IMPORT_PATHS[kind].upload}${onlyValidate ? '?onlyValidate=true' : ''}`, file),

  /** SPEC §5: jpg/png mockup ≤ 5 MB; staff name the customer it belongs to. */
  uploadMockup: (file: File, customerId?: string) => uploadFile<MockupUpload>(`/products/mockups${queryString({ customerId })}`, file),
  /** Mockups are served only with the bearer token: fetch the image as a blob. */
  mockupBlob: async (url: string, signal?: AbortSignal) => (await fetchFile(url, signal)).blob,

  weightConfigs: (q?: ProductQuery, signal?: AbortSignal) => apiRequest<WeightConfigPage>('GET', `/products/weight-configs${queryString(q)}`, { signal }),
  actualWeightFees: (q?: ProductQuery, signal?: AbortSignal) => apiRequest<WeightConfigPage>('GET', `/products/actual-weight-fees${queryString(q)}`, { signal }),
  weightConfig: (productId: string, signal?: AbortSignal) => apiRequest<WeightConfig>('GET', `/products/${id(productId)}/weight-config`, { signal }),
  saveWeightConfig: (productId: string, body: WeightConfigBody) => apiRequest<WeightConfig>('PUT', `/products/${id(productId)}/weight-config`, { body }),
  removeWeightConfig: (productId: string) => apiRequest<WeightConfig>('DELETE', `/products/${id(productId)}/weight-config`),
  weightConfigHistory: (productId: string, signal?: AbortSignal) =>
    apiRequest<WeightConfigHistory[]>('GET', `/products/${id(productId)}/weight-config/history`, { signal }),
  actualWeightFee: (productId: string, weighedGrams: number, signal?: AbortSignal) =>
    apiRequest<ActualWeightFeeResult>('GET', `/products/${id(productId)}/actual-weight-fee${queryString({ weighedGrams })}`, { signal }),
};
// ===================================== end of issue 4 =====================================

// ======================================================================================
// Notifications — the header bell (SPEC §2 Header, §7 /notifi/*). Used only by the lazy app
// layout, so it stays out of the login page's first download.
// ======================================================================================
import type { NotificationCampaign, NotificationCampaignBody, NotificationCampaignListQuery, NotificationListReply } from '@exship/contracts';

export const notificationApi = {
  /** The caller's notifications, newest first, in their notification language. */
  list: (q: { current: number; pageSize: number }, signal?: AbortSignal) => apiRequest<NotificationListReply>('GET', `/notifi/user${queryString(q)}`, { signal }),
  countUnseen: (signal?: AbortSignal) => apiRequest<{ count: number }>('GET', '/notifi/count-unseen', { signal }),
  /** One notification seen, or all of them without an id; replies with the unseen count after. */
  markSeen: (notificationId?: string) => apiRequest<{ count: number }>('PATCH', '/notifi/update-seen', { body: notificationId ? { id: notificationId } : {} }),
};

/** Staff: write, schedule and publish notifications (SPEC §7 /notifi, /notifi/new, /notifi/edit, /notifi/delete, /notifi-system/update-stt). */
export const notificationCampaignApi = {
  list: (q: Partial<NotificationCampaignListQuery>, signal?: AbortSignal) => apiRequest<PageOf<NotificationCampaign>>('GET', `/notifi${queryString(q)}`, { signal }),
  /** One due now is published at once; a later one waits for the cron job. */
  create: (body: NotificationCampaignBody) => apiRequest<NotificationCampaign>('POST', '/notifi/new', { body }),
  /** Only while waiting (409 ACTION_NOT_ALLOWED_FOR_STATUS once sent). */
  update: (campaignId: string, body: NotificationCampaignBody) => apiRequest<NotificationCampaign>('PATCH', '/notifi/edit', { body: { ...body, id: campaignId } }),
  remove: (campaignId: string) => apiRequest<null>('PATCH', '/notifi/delete', { body: { id: campaignId } }),
  publishNow: (campaignId: string) => apiRequest<NotificationCampaign>('PATCH', '/notifi-system/update-stt', { body: { id: campaignId } }),
};
// ================================== end of notifications ==================================
