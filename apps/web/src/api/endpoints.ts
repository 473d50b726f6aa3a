import {
  DismissNoticeEndpoint,
  SetNotificationLanguageEndpoint,
  UpdateProfileEndpoint,
  UpdateProfileSettingEndpoint,
  WalletInfoEndpoint,
  type EndpointBody,
  type EndpointReply,
  type Language,
  type UserNotice,
} from '@exship/contracts';
import { call, callEnvelope } from './call';

// The auth, profile and wallet calls of SPEC §7: paths, inputs and replies come from the endpoint
// descriptors in packages/contracts; these wrappers only name the calls the features make.
export type WalletInfo = EndpointReply<typeof WalletInfoEndpoint>;

// The sign-in calls have a module of their own, so the sign-in pages load none of the screens' descriptors.
export { authApi, type RegisterInput } from './auth-api';

export const profileApi = {
  update: (body: EndpointBody<typeof UpdateProfileEndpoint>) => callEnvelope(UpdateProfileEndpoint, { body }),
  updateSetting: (body: EndpointBody<typeof UpdateProfileSettingEndpoint>) => callEnvelope(UpdateProfileSettingEndpoint, { body }),
  setLanguage: (code: Language) => callEnvelope(SetNotificationLanguageEndpoint, { body: { code } }),
  dismissNotice: (notice: UserNotice) => callEnvelope(DismissNoticeEndpoint, { body: { notice } }),
};

/** SPEC §7: the wallet boxes of the header. */
export const fetchWallet = (signal?: AbortSignal): Promise<WalletInfo> => call(WalletInfoEndpoint, { signal });

// ======================================================================================
// Shipping network and pricing, discounts, the quote (features/catalog, discounts, quote).
// Products, approval, product imports, weight thresholds and actual-weight fees
// (features/products). Paths, inputs and replies come from the endpoint descriptors in
// packages/contracts; these wrappers only name the calls the screens make. Everything below is
// used only by lazy screens, so it tree-shakes out of the entry chunk.
// ======================================================================================
import {
  AcceptProductEndpoint,
  ActivatePriceVersionEndpoint,
  ActualWeightFeeEndpoint,
  CreateCarrierConfigEndpoint,
  CreateCarrierEndpoint,
  CreateDiscountEndpoint,
  CreateProductEndpoint,
  CreateServiceEndpoint,
  CreateTaxEndpoint,
  CreateWarehouseEndpoint,
  CreateZoneEndpoint,
  DeleteCarrierConfigEndpoint,
  DeleteDiscountEndpoint,
  DeletePriceVersionEndpoint,
  DeleteProductEndpoint,
  DeleteTaxEndpoint,
  ExportPriceTableEndpoint,
  ExportZonesEndpoint,
  GetDiscountEndpoint,
  GetMockupEndpoint,
  GetProductEndpoint,
  GetServiceEndpoint,
  GetWeightConfigEndpoint,
  ImportPartnerIdsEndpoint,
  ImportPriceTableEndpoint,
  ImportProductsEndpoint,
  ImportVariantsEndpoint,
  ImportWeightConfigsEndpoint,
  ImportZonesEndpoint,
  ListActualWeightFeesEndpoint,
  ListCarrierConfigsEndpoint,
  ListCarriersEndpoint,
  ListDiscountsEndpoint,
  ListPriceVersionsEndpoint,
  ListProductsEndpoint,
  ListSellPricesEndpoint,
  ListServicesEndpoint,
  ListTaxesEndpoint,
  ListWarehousesEndpoint,
  ListWeightConfigsEndpoint,
  ListZonesEndpoint,
  PartnerIdTemplateEndpoint,
  PreviewPriceVersionEndpoint,
  PriceTemplateEndpoint,
  ProductTemplateEndpoint,
  QuoteRatesEndpoint,
  RejectProductEndpoint,
  RemoveWeightConfigEndpoint,
  SaveWeightConfigEndpoint,
  SubmitProductEndpoint,
  UpdateCarrierConfigEndpoint,
  UpdateCarrierEndpoint,
  UpdateDiscountEndpoint,
  UpdateProductEndpoint,
  UpdateServiceEndpoint,
  UpdateTaxEndpoint,
  UpdateWarehouseEndpoint,
  UpdateZoneEndpoint,
  UploadMockupEndpoint,
  VariantTemplateEndpoint,
  WeightConfigHistoryEndpoint,
  WeightConfigTemplateEndpoint,
  ZoneTemplateEndpoint,
  type EndpointDef,
  type EndpointQuery,
  type ParsedBody,
} from '@exship/contracts';
import { download } from './call';

/**
 * The filters of a list, as screens keep them in the URL: the descriptor's query keys (a misspelt
 * filter does not compile), with the values as strings until the server parses them.
 */
export type UrlQuery<E extends EndpointDef> = { [K in keyof NonNullable<EndpointQuery<E>>]?: NonNullable<EndpointQuery<E>>[K] | string | number | null };
/** URL-kept filters go out as they are; the server parses them against the descriptor's query schema. */
const urlQuery = (query: object | undefined) => query as never;

/** One item of a paged list reply. */
type ItemOf<E extends EndpointDef> = EndpointReply<E> extends { items: (infer I)[] } ? I : never;

export type CarrierBody = ParsedBody<typeof CreateCarrierEndpoint>;
export type ServiceBody = ParsedBody<typeof CreateServiceEndpoint>;
export type WarehouseBody = ParsedBody<typeof CreateWarehouseEndpoint>;
export type ZoneBody = ParsedBody<typeof CreateZoneEndpoint>;
export type TaxBody = ParsedBody<typeof CreateTaxEndpoint>;
export type CarrierConfigBody = ParsedBody<typeof CreateCarrierConfigEndpoint>;
export type DiscountBody = ParsedBody<typeof CreateDiscountEndpoint>;
export type QuoteRatesBody = ParsedBody<typeof QuoteRatesEndpoint>;

export type CarrierItem = ItemOf<typeof ListCarriersEndpoint>;
export type ServiceItem = ItemOf<typeof ListServicesEndpoint>;
export type WarehouseItem = ItemOf<typeof ListWarehousesEndpoint>;
export type ZoneItem = ItemOf<typeof ListZonesEndpoint>;
export type TaxItem = ItemOf<typeof ListTaxesEndpoint>;
export type CarrierConfigItem = ItemOf<typeof ListCarrierConfigsEndpoint>;
export type ServiceDetail = EndpointReply<typeof GetServiceEndpoint>;
export type PriceBracket = ServiceDetail['brackets'][number];
export type SellPrice = EndpointReply<typeof ListSellPricesEndpoint>[number];
export type PriceVersion = EndpointReply<typeof ActivatePriceVersionEndpoint>;
export type PriceKind = PriceVersion['kind'];
export type PricePreview = EndpointReply<typeof PreviewPriceVersionEndpoint>;
export type PricePreviewRow = PricePreview['rows'][number];
export type DiscountItem = EndpointReply<typeof GetDiscountEndpoint>;
export type QuoteRatesReply = EndpointReply<typeof QuoteRatesEndpoint>;
export type QuoteRate = QuoteRatesReply['rates'][number];

const onlyValidateQuery = (onlyValidate: boolean) => ({ onlyValidate: onlyValidate ? ('true' as const) : ('false' as const) });

export const catalogApi = {
  carriers: (q?: UrlQuery<typeof ListCarriersEndpoint>, signal?: AbortSignal) => callEnvelope(ListCarriersEndpoint, { query: urlQuery(q), signal }),
  createCarrier: (body: CarrierBody) => callEnvelope(CreateCarrierEndpoint, { body }),
  updateCarrier: (id: string, body: CarrierBody) => callEnvelope(UpdateCarrierEndpoint, { params: { id }, body }),

  services: (q?: UrlQuery<typeof ListServicesEndpoint>, signal?: AbortSignal) => callEnvelope(ListServicesEndpoint, { query: urlQuery(q), signal }),
  service: (id: string, signal?: AbortSignal) => callEnvelope(GetServiceEndpoint, { params: { id }, signal }),
  createService: (body: ServiceBody) => callEnvelope(CreateServiceEndpoint, { body }),
  updateService: (id: string, body: ServiceBody) => callEnvelope(UpdateServiceEndpoint, { params: { id }, body }),

  warehouses: (q?: UrlQuery<typeof ListWarehousesEndpoint>, signal?: AbortSignal) => callEnvelope(ListWarehousesEndpoint, { query: urlQuery(q), signal }),
  createWarehouse: (body: WarehouseBody) => callEnvelope(CreateWarehouseEndpoint, { body }),
  updateWarehouse: (id: string, body: WarehouseBody) => callEnvelope(UpdateWarehouseEndpoint, { params: { id }, body }),

  zones: (q?: UrlQuery<typeof ListZonesEndpoint>, signal?: AbortSignal) => callEnvelope(ListZonesEndpoint, { query: urlQuery(q), signal }),
  createZone: (body: ZoneBody) => callEnvelope(CreateZoneEndpoint, { body }),
  updateZone: (id: string, body: ZoneBody) => callEnvelope(UpdateZoneEndpoint, { params: { id }, body }),
  zoneTemplate: () => download(ZoneTemplateEndpoint),
  zoneExport: () => download(ExportZonesEndpoint),
  importZones: (file: File, onlyValidate: boolean, skipRows: number[] = []) =>
    callEnvelope(ImportZonesEndpoint, { file, query: { ...onlyValidateQuery(onlyValidate), ...skipRowsQuery(skipRows) } }),

  taxes: (q?: UrlQuery<typeof ListTaxesEndpoint>, signal?: AbortSignal) => callEnvelope(ListTaxesEndpoint, { query: urlQuery(q), signal }),
  createTax: (body: TaxBody) => callEnvelope(CreateTaxEndpoint, { body }),
  updateTax: (id: string, body: TaxBody) => callEnvelope(UpdateTaxEndpoint, { params: { id }, body }),
  deleteTax: (id: string) => callEnvelope(DeleteTaxEndpoint, { params: { id } }),

  carrierConfigs: (q?: UrlQuery<typeof ListCarrierConfigsEndpoint>, signal?: AbortSignal) => callEnvelope(ListCarrierConfigsEndpoint, { query: urlQuery(q), signal }),
  createCarrierConfig: (body: CarrierConfigBody) => callEnvelope(CreateCarrierConfigEndpoint, { body }),
  updateCarrierConfig: (id: string, body: CarrierConfigBody) => callEnvelope(UpdateCarrierConfigEndpoint, { params: { id }, body }),
  deleteCarrierConfig: (id: string) => callEnvelope(DeleteCarrierConfigEndpoint, { params: { id } }),
};

/** SPEC §4 import review: rows the user deleted before importing. */
const skipRowsQuery = (rows: number[]) => (rows.length > 0 ? { skipRows: rows.join(',') } : {});

export const pricingApi = {
  sellPrices: (signal?: AbortSignal) => callEnvelope(ListSellPricesEndpoint, { signal }),
  versions: (kind: PriceKind, signal?: AbortSignal) => callEnvelope(ListPriceVersionsEndpoint, { params: { kind }, signal }),
  template: (kind: PriceKind) => download(PriceTemplateEndpoint, { params: { kind } }),
  exportVersion: (kind: PriceKind, versionId?: string) => download(ExportPriceTableEndpoint, { params: { kind }, query: { versionId } }),
  importFile: (kind: PriceKind, file: File, onlyValidate: boolean, skipRows: number[] = []) =>
    callEnvelope(ImportPriceTableEndpoint, { params: { kind }, file, query: { ...onlyValidateQuery(onlyValidate), ...skipRowsQuery(skipRows) } }),
  preview: (id: string, signal?: AbortSignal) => callEnvelope(PreviewPriceVersionEndpoint, { params: { id }, signal }),
  activate: (id: string) => callEnvelope(ActivatePriceVersionEndpoint, { params: { id } }),
  deleteDraft: (id: string) => callEnvelope(DeletePriceVersionEndpoint, { params: { id } }),
};

export const discountApi = {
  list: (q?: UrlQuery<typeof ListDiscountsEndpoint>, signal?: AbortSignal) => callEnvelope(ListDiscountsEndpoint, { query: urlQuery(q), signal }),
  get: (code: string, signal?: AbortSignal) => callEnvelope(GetDiscountEndpoint, { params: { code }, signal }),
  create: (body: DiscountBody) => callEnvelope(CreateDiscountEndpoint, { body }),
  update: (code: string, body: DiscountBody) => callEnvelope(UpdateDiscountEndpoint, { params: { code }, body }),
  remove: (code: string) => callEnvelope(DeleteDiscountEndpoint, { params: { code } }),
};

export const quoteApi = {
  /** Every service the caller may use, priced side by side (the Price screen). */
  rates: (body: QuoteRatesBody) => callEnvelope(QuoteRatesEndpoint, { body }),
};

export type ProductQuery = UrlQuery<typeof ListProductsEndpoint>;
export type ProductImportKind = 'product' | 'variant' | 'partnerId' | 'weightConfig';
export type ProductImportResult = EndpointReply<typeof ImportProductsEndpoint>;
export type WeightConfigPage = EndpointReply<typeof ListWeightConfigsEndpoint>;
export type ActualWeightFeeResult = EndpointReply<typeof ActualWeightFeeEndpoint>;
export type MockupUpload = EndpointReply<typeof UploadMockupEndpoint>;

const PRODUCT_IMPORTS = {
  product: { template: ProductTemplateEndpoint, upload: ImportProductsEndpoint },
  variant: { template: VariantTemplateEndpoint, upload: ImportVariantsEndpoint },
  partnerId: { template: PartnerIdTemplateEndpoint, upload: ImportPartnerIdsEndpoint },
  weightConfig: { template: WeightConfigTemplateEndpoint, upload: ImportWeightConfigsEndpoint },
} as const;

/** A mockup path this server issued: `/api/v1/products/mockups/{accountId}/{file}`. */
const MOCKUP_PATH = /\/products\/mockups\/([^/?#]+)\/([^/?#]+)$/;

export const productsApi = {
  list: (q?: ProductQuery, signal?: AbortSignal) => callEnvelope(ListProductsEndpoint, { query: urlQuery(q), signal }),
  get: (id: string, signal?: AbortSignal) => callEnvelope(GetProductEndpoint, { params: { id }, signal }),
  create: (body: ParsedBody<typeof CreateProductEndpoint>) => callEnvelope(CreateProductEndpoint, { body }),
  update: (id: string, body: ParsedBody<typeof UpdateProductEndpoint>) => callEnvelope(UpdateProductEndpoint, { params: { id }, body }),
  remove: (id: string) => callEnvelope(DeleteProductEndpoint, { params: { id } }),
  submit: (id: string) => callEnvelope(SubmitProductEndpoint, { params: { id } }),
  accept: (id: string) => callEnvelope(AcceptProductEndpoint, { params: { id } }),
  reject: (id: string, reason: string) => callEnvelope(RejectProductEndpoint, { params: { id }, body: { reason } }),

  /** An xlsx template with the server's file name. */
  template: (kind: ProductImportKind) => download(PRODUCT_IMPORTS[kind].template),
  importFile: (kind: ProductImportKind, file: File, onlyValidate: boolean, skipRows: number[] = []) =>
    callEnvelope(PRODUCT_IMPORTS[kind].upload, { file, query: { ...(onlyValidate ? { onlyValidate: 'true' } : {}), ...skipRowsQuery(skipRows) } }),

  /** SPEC §5: jpg/png mockup ≤ 5 MB; staff name the customer it belongs to. */
  uploadMockup: (file: File, customerId?: string) => callEnvelope(UploadMockupEndpoint, { file, query: { customerId } }),
  /** Mockups are served only with the bearer token: fetch the image as a blob. */
  mockupBlob: async (url: string, signal?: AbortSignal) => {
    const [, accountId, file] = MOCKUP_PATH.exec(url) ?? [];
    return (await download(GetMockupEndpoint, { params: { accountId: accountId ?? '', file: file ?? '' }, signal })).blob;
  },

  weightConfigs: (q?: UrlQuery<typeof ListWeightConfigsEndpoint>, signal?: AbortSignal) => callEnvelope(ListWeightConfigsEndpoint, { query: urlQuery(q), signal }),
  actualWeightFees: (q?: UrlQuery<typeof ListActualWeightFeesEndpoint>, signal?: AbortSignal) => callEnvelope(ListActualWeightFeesEndpoint, { query: urlQuery(q), signal }),
  weightConfig: (id: string, signal?: AbortSignal) => callEnvelope(GetWeightConfigEndpoint, { params: { id }, signal }),
  saveWeightConfig: (id: string, body: ParsedBody<typeof SaveWeightConfigEndpoint>) => callEnvelope(SaveWeightConfigEndpoint, { params: { id }, body }),
  removeWeightConfig: (id: string) => callEnvelope(RemoveWeightConfigEndpoint, { params: { id } }),
  weightConfigHistory: (id: string, signal?: AbortSignal) => callEnvelope(WeightConfigHistoryEndpoint, { params: { id }, signal }),
  actualWeightFee: (id: string, weighedGrams: number, signal?: AbortSignal) => callEnvelope(ActualWeightFeeEndpoint, { params: { id }, query: { weighedGrams }, signal }),
};
// ============================ end of catalog, discounts and products ============================

// ======================================================================================
// Notifications — the header bell (SPEC §2 Header, §7 /notifi/*). Used only by the lazy app
// layout, so it stays out of the login page's first download.
// ======================================================================================
import {
  CountUnseenNotificationsEndpoint,
  CreateNotificationCampaignEndpoint,
  DeleteNotificationCampaignEndpoint,
  ListNotificationCampaignsEndpoint,
  MarkNotificationsSeenEndpoint,
  MyNotificationsEndpoint,
  PublishNotificationCampaignEndpoint,
  UpdateNotificationCampaignEndpoint,
  type NotificationCampaignBody,
} from '@exship/contracts';

export const notificationApi = {
  /** The caller's notifications, newest first, in their notification language. */
  list: (query: EndpointQuery<typeof MyNotificationsEndpoint>, signal?: AbortSignal) => callEnvelope(MyNotificationsEndpoint, { query, signal }),
  countUnseen: (signal?: AbortSignal) => callEnvelope(CountUnseenNotificationsEndpoint, { signal }),
  /** One notification seen, or all of them without an id; replies with the unseen count after. */
  markSeen: (notificationId?: string) => callEnvelope(MarkNotificationsSeenEndpoint, { body: notificationId ? { id: notificationId } : {} }),
};

/** Staff: write, schedule and publish notifications (SPEC §7 /notifi, /notifi/new, /notifi/edit, /notifi/delete, /notifi-system/update-stt). */
export const notificationCampaignApi = {
  list: (query: EndpointQuery<typeof ListNotificationCampaignsEndpoint>, signal?: AbortSignal) => callEnvelope(ListNotificationCampaignsEndpoint, { query, signal }),
  /** One due now is published at once; a later one waits for the cron job. */
  create: (body: NotificationCampaignBody) => callEnvelope(CreateNotificationCampaignEndpoint, { body }),
  /** Only while waiting (409 ACTION_NOT_ALLOWED_FOR_STATUS once sent). */
  update: (campaignId: string, body: NotificationCampaignBody) => callEnvelope(UpdateNotificationCampaignEndpoint, { body: { ...body, id: campaignId } }),
  remove: (campaignId: string) => callEnvelope(DeleteNotificationCampaignEndpoint, { body: { id: campaignId } }),
  publishNow: (campaignId: string) => callEnvelope(PublishNotificationCampaignEndpoint, { body: { id: campaignId } }),
};
// ================================== end of notifications ==================================

// ======================================================================================
// Orders — list, detail, create/edit wizard, the SPEC §4 actions and surcharges
// (features/orders). Used only by the lazy order screens.
// ======================================================================================
import {
  AddSurchargeEndpoint,
  BuildNewLabelEndpoint,
  CancelOrderEndpoint,
  ConfirmAddressEndpoint,
  ConfirmDimensionEndpoint,
  CreateOrderEndpoint,
  DuplicateOrderEndpoint,
  ExportOrdersEndpoint,
  GenerateTrackingEndpoint,
  GetOrderByExIdEndpoint,
  GetOrderEndpoint,
  HoldOrderEndpoint,
  ListOrdersEndpoint,
  PayOrdersEndpoint,
  PriceOrderEndpoint,
  RedistributeOrderEndpoint,
  RefundOrderEndpoint,
  UnholdOrderEndpoint,
  UpdateOrderEndpoint,
  type OrderCreateBody,
  type OrderUpdateBody,
  type OrderUserAction,
  type SurchargeBody,
} from '@exship/contracts';

export type OrderQuery = UrlQuery<typeof ListOrdersEndpoint>;
export type OrderListPage = EndpointReply<typeof ListOrdersEndpoint>;
export type OrderUpdated = EndpointReply<typeof UpdateOrderEndpoint>;

/** The §4 actions with an endpoint of their own (pay and addSurcharge have their own calls). */
export const ORDER_ACTION_ENDPOINTS = {
  hold: HoldOrderEndpoint,
  unhold: UnholdOrderEndpoint,
  cancel: CancelOrderEndpoint,
  refund: RefundOrderEndpoint,
  redistribute: RedistributeOrderEndpoint,
  buildNewLabel: BuildNewLabelEndpoint,
  generateTracking: GenerateTrackingEndpoint,
  confirmAddress: ConfirmAddressEndpoint,
  confirmDimension: ConfirmDimensionEndpoint,
} as const satisfies Partial<Record<OrderUserAction, EndpointDef>>;
export type OrderEndpointAction = keyof typeof ORDER_ACTION_ENDPOINTS;

export const ordersApi = {
  list: (q?: OrderQuery, signal?: AbortSignal) => callEnvelope(ListOrdersEndpoint, { query: urlQuery(q), signal }),
  /** The list's filters without paging, as an xlsx. */
  export: (q?: OrderQuery) => download(ExportOrdersEndpoint, { query: urlQuery(q) }),
  get: (orderId: string, signal?: AbortSignal) => callEnvelope(GetOrderEndpoint, { params: { orderId }, signal }),
  getByExId: (exOrderId: string, signal?: AbortSignal) => callEnvelope(GetOrderByExIdEndpoint, { params: { exOrderId }, signal }),
  price: (body: OrderCreateBody) => callEnvelope(PriceOrderEndpoint, { body }),
  create: (body: OrderCreateBody) => callEnvelope(CreateOrderEndpoint, { body }),
  update: (orderId: string, body: OrderUpdateBody) => callEnvelope(UpdateOrderEndpoint, { params: { orderId }, body }),
  duplicate: (orderId: string) => callEnvelope(DuplicateOrderEndpoint, { params: { orderId } }),
  addSurcharge: (orderId: string, body: SurchargeBody) => callEnvelope(AddSurchargeEndpoint, { params: { orderId }, body }),
  action: (action: OrderEndpointAction, orderId: string, reason = '') => callEnvelope(ORDER_ACTION_ENDPOINTS[action], { params: { orderId }, body: { reason } }),
  /** Staff refund a cancelled order now: the scheduled amount, or another one (refund-custom). */
  refund: (orderId: string, body: { reason: string; amount?: number }, idempotencyKey: string) => callEnvelope(RefundOrderEndpoint, { params: { orderId }, body, idempotencyKey }),
  /** Unpaid orders and unpaid surcharges, from the balance then the credit line; all or nothing. */
  /** With an Idempotency-Key (shared/idempotency.ts): a retried click pays once. */
  pay: (orderIds: string[], idempotencyKey?: string) => callEnvelope(PayOrdersEndpoint, { body: { orderIds }, idempotencyKey }),
};
// ===================================== end of orders =====================================

import {
  ChangeCheckinEndpoint,
  ChangeUserStatusEndpoint,
  CreateAccountEndpoint,
  GetUserActivityEndpoint,
  GetUserPermissionsEndpoint,
  ListRolesForFilterEndpoint,
  ListUsersEndpoint,
  UpdateAccountEndpoint,
  UpdateUserPermissionsEndpoint,
  WalletByUserEndpoint,
} from '@exship/contracts';

// SPEC §7 user management (staff).
export type ManagedUserItem = ItemOf<typeof ListUsersEndpoint>;
export type AccountCreateInput = EndpointBody<typeof CreateAccountEndpoint>;
export type AccountUpdateInput = EndpointBody<typeof UpdateAccountEndpoint>;
export type UserPermissionDetail = EndpointReply<typeof GetUserPermissionsEndpoint>;

export const userAdminApi = {
  list: (q?: UrlQuery<typeof ListUsersEndpoint>, signal?: AbortSignal) => callEnvelope(ListUsersEndpoint, { query: urlQuery(q), signal }),
  roles: (signal?: AbortSignal) => call(ListRolesForFilterEndpoint, { signal }),
  create: (body: AccountCreateInput) => callEnvelope(CreateAccountEndpoint, { body }),
  update: (body: AccountUpdateInput) => callEnvelope(UpdateAccountEndpoint, { body }),
  setStatus: (userId: string, status: 'active' | 'inactive') => callEnvelope(ChangeUserStatusEndpoint, { body: { userId, status } }),
  setCheckin: (userId: string, allowCheckin: boolean) => callEnvelope(ChangeCheckinEndpoint, { body: { userId, allowCheckin } }),
  permissions: (userId: string, signal?: AbortSignal) => call(GetUserPermissionsEndpoint, { query: { userId }, signal }),
  setPermissions: (userId: string, overrides: { code: string; granted: boolean }[]) => callEnvelope(UpdateUserPermissionsEndpoint, { body: { userId, overrides } }),
  wallet: (userId: string, signal?: AbortSignal) => call(WalletByUserEndpoint, { query: { userId }, signal }),
  activity: (userId: string, page: number, signal?: AbortSignal) => call(GetUserActivityEndpoint, { query: { userId, page: String(page), pageSize: '10' }, signal }),
};
