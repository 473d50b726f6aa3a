import type { ScreenKey } from './permissions';

/**
 * SPEC §2: the admin screens under /app with their access key (null = open to any signed-in user)
 * and the menu group they sit in. The web router, the menu and the guards all read this table.
 */
export type MenuGroup =
  | 'orders' | 'products' | 'pickup' | 'freight' | 'report' | 'carrier' | 'setting';

export interface ScreenDef {
  /** Stable id, also the i18n key `screen.<id>`. */
  id: string;
  path: string;
  key: ScreenKey | null;
  /**
   * Has the screen landed? Only available screens are in the menu, on the dashboard and routed (a
   * direct URL to another one is a 404). A capability switches its screens on by flipping this flag.
   */
  available: boolean;
  /** Shown in the side menu, in this group (or at the top level when group is absent). */
  menu?: { group?: MenuGroup; order: number };
}

const s = (id: string, path: string, key: ScreenKey | null, available: boolean, menu?: ScreenDef['menu']): ScreenDef => ({ id, path, key, available, menu });

export const SCREENS: readonly ScreenDef[] = [
  s('dashboard', '/app/dashboard', null, true, { order: 1 }),
  s('trackRouting', '/app/track-routing', 'EX_VIEW_TRACK_ROUTING', true, { order: 2 }),
  s('orders', '/app/orders', 'EX_VIEW_ORDERS', true, { group: 'orders', order: 10 }),
  s('scanForm', '/app/scan-form', 'EX_VIEW_SCAN_FORM', true, { group: 'orders', order: 11 }),
  s('trackingLogs', '/app/tracking-logs', 'EX_VIEW_TRACKING_LOGS', true, { group: 'orders', order: 12 }),
  s('checkAddress', '/app/check-address', 'EX_VIEW_CHECK_ADDRESS', true, { group: 'orders', order: 13 }),
  s('orderDetail', '/app/orders/order-detail/:orderId', 'EX_VIEW_ORDERS', true),
  s('importOrder', '/app/orders/import-order', 'EX_VIEW_ORDER_IMPORT', true),
  s('importSurcharge', '/app/orders/import-surcharge', 'EX_VIEW_SURCHARGE_IMPORT', true),
  s('createOrder', '/app/orders/create-order', 'EX_VIEW_ORDER_CREATE', true),
  s('editOrder', '/app/orders/edit-order/:exOrderId', 'EX_VIEW_ORDER_CREATE', true),
  // SPEC §2 calls it open; it edits an order, so it asks for the edit permission (?exOrderId=…).
  s('adminEditAddress', '/app/orders/admin-edit-address', 'EX_VIEW_ORDER_ADDRESS_EDIT', true),
  s('products', '/app/products', 'EX_VIEW_PRODUCTS', true, { group: 'products', order: 20 }),
  s('actualWeightFees', '/app/actual-weight-fees', 'EX_VIEW_ACTUAL_WEIGHT_FEES', true, { group: 'products', order: 21 }),
  s('productDetail', '/app/products/:productId', 'EX_VIEW_PRODUCTS', true),
  s('checkIn', '/app/pick-up/check-in', 'EX_VIEW_CHECK_IN', true, { group: 'pickup', order: 30 }),
  s('packagedScanner', '/app/pick-up/packaged-scanner', 'EX_VIEW_PACKAGED_SCANNER', true, { group: 'pickup', order: 31 }),
  s('checkOut', '/app/pickup/check-out', 'EX_VIEW_CHECK_OUT', true, { group: 'pickup', order: 32 }),
  s('listingBox', '/app/pickup/listing-box', 'EX_VIEW_LISTING_BOX', true, { group: 'pickup', order: 33 }),
  s('packageFreight', '/app/freight/package-freight', 'EX_VIEW_PACKAGE_FREIGHT', true, { group: 'freight', order: 40 }),
  s('listingFreight', '/app/freight/listing-freight', 'EX_VIEW_LISTING_FREIGHT', true, { group: 'freight', order: 41 }),
  s('freightDetail', '/app/freight/listing-freight/:freightId', 'EX_VIEW_LISTING_FREIGHT', true),
  s('airport', '/app/freight/airport', 'EX_VIEW_AIRPORT', true, { group: 'freight', order: 42 }),
  // SPEC §2 calls the airline pages open; they are staff's who hold the airline permission (a seller
  // sees none of the freight routes).
  s('airline', '/app/freight/airline', 'EX_VIEW_AIRLINE', true, { group: 'freight', order: 43 }),
  s('airlineDetail', '/app/freight/airline/:airlineCode', 'EX_VIEW_AIRLINE', true),
  s('discount', '/app/discount', 'EX_VIEW_DISCOUNT', true, { order: 50 }),
  s('discountDetail', '/app/discount/:discountCode', 'EX_VIEW_DISCOUNT', true),
  s('billing', '/app/billing', 'EX_VIEW_BILLING', true, { order: 51 }),
  s('reportRevenue', '/app/report/revenue', 'EX_VIEW_REPORT_REVENUE', true, { group: 'report', order: 60 }),
  s('reportPaymentMethod', '/app/report/payment-method', 'EX_VIEW_REPORT_PAYMENT_METHOD', true, { group: 'report', order: 61 }),
  s('reportServices', '/app/report/services', 'EX_VIEW_REPORT_SERVICES', true, { group: 'report', order: 62 }),
  s('reportCustomers', '/app/report/customers', 'EX_VIEW_REPORT_CUSTOMERS', true, { group: 'report', order: 63 }),
  s('reportCarriers', '/app/report/carriers', 'EX_VIEW_REPORT_CARRIERS', true, { group: 'report', order: 64 }),
  s('reportPurchase', '/app/report/purchase', 'EX_VIEW_REPORT_PURCHASE', true, { group: 'report', order: 65 }),
  s('reportFreight', '/app/report/freight-report', 'EX_VIEW_REPORT_FREIGHT', true, { group: 'report', order: 66 }),
  s('userManagement', '/app/user-management', 'EX_VIEW_USER_MANAGEMENT', true, { order: 70 }),
  s('warehouse', '/app/carrier/warehouse', 'EX_VIEW_WAREHOUSE', true, { group: 'carrier', order: 80 }),
  s('service', '/app/carrier/service', 'EX_VIEW_SERVICE', true, { group: 'carrier', order: 81 }),
  s('serviceDetail', '/app/carrier/service/:serviceId', null, true),
  s('listCarrier', '/app/carrier/list-carrier', 'EX_VIEW_CARRIER', true, { group: 'carrier', order: 82 }),
  s('pricing', '/app/carrier/pricing', 'EX_VIEW_PRICING', true, { group: 'carrier', order: 83 }),
  s('tax', '/app/carrier/tax', 'EX_VIEW_TAX', true, { group: 'carrier', order: 84 }),
  s('carrierConfig', '/app/carrier/config', 'EX_VIEW_CARRIER_CONFIG', true, { group: 'carrier', order: 85 }),
  s('role', '/app/setting-user/role', 'EX_VIEW_ROLE', true, { group: 'setting', order: 90 }),
  s('resource', '/app/setting-user/resource', 'EX_VIEW_RESOURCE', true, { group: 'setting', order: 91 }),
  s('permission', '/app/setting-user/permission', 'EX_VIEW_PERMISSION', true, { group: 'setting', order: 92 }),
  // SPEC §2 calls it open; it changes every mail the product sends, so it asks for EX-EMAIL-TEMPLATE-MANAGE.
  s('emails', '/app/setting-user/emails', 'EX_VIEW_EMAILS', true, { group: 'setting', order: 93 }),
  s('notifications', '/app/setting-user/notifications', null, true, { group: 'setting', order: 94 }),
  s('cronjob', '/app/setting-user/cronjob', 'EX_VIEW_CRONJOB', true, { group: 'setting', order: 95 }),
  s('cronjobDetail', '/app/cronjob-detail/:id', 'EX_VIEW_CRONJOB', true),
  s('ticket', '/app/ticket', 'EX_VIEW_TICKET', true, { order: 100 }),
  s('integrations', '/app/integrations', 'EX_VIEW_INTEGRATIONS', true, { order: 101 }),
  s('profile', '/app/profile', null, true),
];

export const MENU_GROUP_ORDER: MenuGroup[] = ['orders', 'products', 'pickup', 'freight', 'report', 'carrier', 'setting'];

/** SPEC §2: public and auth routes, exempt from the "unknown path signs out" rule. */
export const PUBLIC_PATHS = ['/', '/policy', '/term-condition', '/about-us', '/system-guide', '/shipping-procedures', '/walmart'] as const;
export const AUTH_PATHS = ['/app/login', '/app/signup', '/app/forgot-password', '/app/reset-password', '/app/account/verify/:verifyCode', '/app/teams/confirm-invite'] as const;
