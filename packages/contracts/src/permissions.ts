// SPEC §6: permission catalog. Action codes are `EX-…`; screen (menu) keys are `EX_VIEW_…`.
// A key that joins several codes with `__` is satisfied by any one of them.

/** A resource groups permissions on the admin screens (SPEC §3: resource name, code, parent). */
export interface ResourceDef {
  code: string;
  name: string;
  permissions: Record<string, string>; // code -> description
}

const group = (code: string, name: string, permissions: Record<string, string>): ResourceDef => ({
  code,
  name,
  permissions,
});

export const RESOURCES = [
  group('RS-ORDER', 'Orders', {
    'EX-ORDER-LIST': 'List orders',
    'EX-ORDER-DETAIL': 'View order detail',
    'EX-ORDER-CREATE': 'Create orders',
    'EX-ORDER-UPDATE': 'Update orders',
    'EX-ORDER-DUPLICATE': 'Duplicate orders',
    'EX-ORDER-CANCEL': 'Cancel orders',
    'EX-ORDER-HOLD': 'Hold orders',
    'EX-ORDER-UNHOLD': 'Unhold orders',
    'EX-ORDER-PAY': 'Pay an order',
    'EX-ORDER-MULTIPLE-PAY': 'Pay several orders at once',
    'EX-ORDER-REFUND': 'Refund orders',
    'EX-ORDER-SURCHARGE-ADD': 'Add a surcharge',
    'EX-ORDER-SURCHARGE-IMPORT': 'Import surcharges',
    'EX-ORDER-IMPORT': 'Import orders',
    'EX-ORDER-EXPORT': 'Export orders',
    'EX-ORDER-TRACKING-IMPORT': 'Import tracking numbers',
    'EX-ORDER-TRACKING-EXPORT': 'Export tracking numbers',
    'EX-ORDER-ROUTING-LABEL': 'Routing and label',
    'EX-ORDER-GENERATE-TRACKING': 'Generate tracking',
    'EX-ORDER-NEW-LABEL': 'Build a new label',
    'EX-ORDER-PRINT-US-LABEL': 'Print US labels',
    'EX-ORDER-PRINT-BARCODE': 'Print barcode labels',
    'EX-ORDER-REDISTRIBUTE': 'Re-distribute orders',
    'EX-ORDER-CONFIRM-ADDRESS': 'Confirm an address',
    'EX-ORDER-EDIT-INFORMATION': 'Edit order information',
    'EX-ORDER-INVOICE-DOWNLOAD': 'Download invoices',
  }),
  group('RS-ACCESS', 'Permissions, resources and roles', {
    'EX-PERMISSION-LIST': 'List permissions',
    'EX-PERMISSION-MANAGE': 'Manage permissions',
    'EX-RESOURCE-LIST': 'List resources',
    'EX-RESOURCE-MANAGE': 'Manage resources',
    'EX-ROLE-LIST': 'List roles',
    'EX-ROLE-MANAGE': 'Manage roles',
  }),
  group('RS-CRONJOB', 'Cron jobs', {
    'EX-CRONJOB-LIST': 'List cron jobs',
    'EX-CRONJOB-MANAGE': 'Run and edit cron jobs',
  }),
  group('RS-WAREHOUSE', 'Warehouses and zones', {
    'EX-WAREHOUSE-LIST': 'List warehouses',
    'EX-WAREHOUSE-MANAGE': 'Manage warehouses',
    'EX-ZONE-LIST': 'List zones',
    'EX-ZONE-MANAGE': 'Manage zones',
  }),
  group('RS-DISCOUNT', 'Discounts', {
    'EX-DISCOUNT-LIST': 'List discounts',
    'EX-DISCOUNT-MANAGE': 'Manage discounts',
  }),
  group('RS-CARRIER', 'Services, taxes, carriers and pricing', {
    'EX-SERVICE-LIST': 'List services',
    'EX-SERVICE-MANAGE': 'Manage services',
    'EX-TAX-LIST': 'List taxes',
    'EX-TAX-MANAGE': 'Manage taxes',
    'EX-CARRIER-LIST': 'List carriers',
    'EX-CARRIER-MANAGE': 'Manage carriers',
    'EX-CARRIER-CONFIG': 'Configure carrier routing',
    'EX-PRICING-VIEW': 'View prices',
    'EX-PRICING-MANAGE': 'Manage price tables',
    'EX-QUOTE': 'Get a shipping quote',
  }),
  group('RS-PRODUCT', 'Products', {
    'EX-PRODUCT-LIST': 'List products',
    'EX-PRODUCT-CREATE': 'Create products',
    'EX-PRODUCT-UPDATE': 'Update products',
    'EX-PRODUCT-DELETE': 'Delete products',
    'EX-PRODUCT-APPROVE': 'Accept or reject products',
    'EX-PRODUCT-IMPORT': 'Import products',
    'EX-PRODUCT-PARTNER-ID-IMPORT': 'Import partner product ids',
    'EX-PRODUCT-CONFIG': 'Configure product weight thresholds',
    'EX-PRODUCT-ACTUAL-WEIGHT-FEE': 'Actual weight fees',
  }),
  group('RS-NOTIFICATION', 'Notifications', {
    'EX-NOTIFICATION-LIST': 'List system notifications',
    'EX-NOTIFICATION-MANAGE': 'Create and publish notifications',
  }),
  group('RS-TRANSACTION', 'Transactions and credit', {
    'EX-TRANSACTION-LIST': 'List transactions',
    'EX-TRANSACTION-EXPORT': 'Export transactions',
    'EX-CREDIT-LIST': 'List credit customers',
    'EX-CREDIT-MANAGE': 'Set credit, block and unblock',
    'EX-INVOICE-GENERATE': 'Generate invoices',
  }),
  group('RS-USER', 'Users', {
    'EX-USER-LIST': 'List users',
    'EX-USER-MANAGE': 'Create users, change status and permissions',
    'EX-ACT-FOR-CUSTOMER': 'See and act on any customer account (staff)',
  }),
  group('RS-WALLET', 'Top-up and wallet', {
    'EX-WALLET-VIEW': 'See the wallet',
    'EX-TOPUP-CREATE': 'Request a top-up',
    'EX-TOPUP-LIST': 'List top-up requests',
    'EX-TOPUP-APPROVE': 'Accept or decline top-ups',
    'EX-WALLET-SEND-PAYMENT': 'Send a payment',
  }),
  group('RS-EMAIL', 'Email templates', {
    'EX-EMAIL-TEMPLATE-MANAGE': 'Manage email templates',
  }),
  group('RS-WAREHOUSE-OPS', 'Scanner, boxes, check-in and check-out', {
    'EX-SCANNER': 'Packaged scanner',
    'EX-BOX-LIST': 'List boxes',
    'EX-BOX-MANAGE': 'Manage boxes',
    'EX-CHECKIN': 'Check parcels in',
    'EX-CHECKOUT': 'Check parcels out',
  }),
  group('RS-REPORT', 'Reports', {
    'EX-REPORT-REVENUE': 'Revenue report',
    'EX-REPORT-PAYMENT-METHOD': 'Payment method report',
    'EX-REPORT-SERVICES': 'Services report',
    'EX-REPORT-CUSTOMERS': 'Customers report',
    'EX-REPORT-CARRIERS': 'Carriers report',
    'EX-REPORT-PURCHASE': 'Purchase report',
    'EX-REPORT-FREIGHT': 'Freight report',
  }),
  group('RS-SETTING', 'Settings, billing and tracking', {
    'EX-SETTING': 'Settings',
    'EX-BILLING': 'Billing',
    'EX-TRACKING-LOG': 'Tracking logs',
    'EX-TRACK-ROUTING': 'Track routing',
  }),
  group('RS-TICKET', 'Tickets', {
    'EX-TICKET-LIST': 'List tickets',
    'EX-TICKET-CREATE': 'Open tickets',
    'EX-TICKET-MANAGE': 'Answer and close tickets',
  }),
  group('RS-API-KEY', 'API keys', {
    'EX-API-KEY-GENERATE': 'Generate API keys and webhooks',
  }),
  group('RS-FREIGHT', 'Air freight', {
    'EX-FREIGHT-LIST': 'List freight',
    'EX-FREIGHT-MANAGE': 'Package and manage freight',
    'EX-AIRPORT-MANAGE': 'Manage airports',
    'EX-AIRLINE-MANAGE': 'Manage airlines',
    'EX-FLIGHT-MANAGE': 'Manage flights',
  }),
  group('RS-WEBHOOK', 'Webhooks', {
    'EX-WEBHOOK-LIST': 'See webhook endpoints and their delivery log',
    'EX-WEBHOOK-MANAGE': 'Add, change and test webhook endpoints, see their secrets, replay deliveries',
  }),
  group('RS-TEAM', 'Team members', {
    'EX-TEAM-MEMBER-MANAGE': 'Invite and manage team members',
  }),
  group('RS-INTEGRATION', 'Address check, integrations and SCAN forms', {
    'EX-ADDRESS-CHECK': 'Check addresses',
    'EX-INTEGRATION': 'Integrations',
    'EX-WALMART-CONNECT': 'Connect a Walmart store',
    'EX-WALMART-PUSH': 'Push orders to Walmart',
    'EX-WALMART-DISCONNECT': 'Disconnect a Walmart store',
    'EX-SCAN-FORM': 'SCAN forms',
  }),
] as const satisfies readonly ResourceDef[];

type PermissionsOf<R> = R extends { permissions: infer P } ? keyof P : never;
export type PermissionCode = PermissionsOf<(typeof RESOURCES)[number]>;

export const PERMISSION_CODES = RESOURCES.flatMap((r) => Object.keys(r.permissions)) as PermissionCode[];

// The screen keys live in their own module: the web's first load needs them (route guards) but not
// the catalogue above.
export { SCREEN_KEYS, type ScreenKey } from './screen-keys';

/** Codes that only make sense on a seller account (staff have no wallet); 'all' leaves them out. */
export const SELLER_ONLY_CODES: readonly PermissionCode[] = ['EX-WALLET-VIEW', 'EX-TOPUP-CREATE', 'EX-WALLET-SEND-PAYMENT'];
export const STAFF_ALL_CODES: PermissionCode[] = PERMISSION_CODES.filter((c) => !SELLER_ONLY_CODES.includes(c));

export const ROLE_KINDS = ['staff', 'customer'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];
export interface RoleDef {
  code: string;
  name: string;
  kind: RoleKind;
  parent?: string;
  permissions: readonly PermissionCode[] | 'all';
}

const SELLER_CORE: PermissionCode[] = [
  'EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-CREATE', 'EX-ORDER-UPDATE', 'EX-ORDER-DUPLICATE',
  'EX-ORDER-CANCEL', 'EX-ORDER-HOLD', 'EX-ORDER-UNHOLD', 'EX-ORDER-PAY', 'EX-ORDER-MULTIPLE-PAY',
  'EX-ORDER-IMPORT', 'EX-ORDER-EXPORT', 'EX-ORDER-TRACKING-EXPORT', 'EX-ORDER-ROUTING-LABEL', 'EX-ORDER-PRINT-US-LABEL',
  'EX-ORDER-PRINT-BARCODE', 'EX-ORDER-CONFIRM-ADDRESS', 'EX-ORDER-EDIT-INFORMATION', 'EX-ORDER-INVOICE-DOWNLOAD',
  'EX-PRODUCT-LIST', 'EX-PRODUCT-CREATE', 'EX-PRODUCT-UPDATE', 'EX-PRODUCT-DELETE', 'EX-PRODUCT-IMPORT',
  'EX-PRICING-VIEW', 'EX-QUOTE', 'EX-TRACK-ROUTING', 'EX-TRACKING-LOG', 'EX-ADDRESS-CHECK', 'EX-SCAN-FORM',
  'EX-TICKET-LIST', 'EX-TICKET-CREATE', 'EX-INTEGRATION', 'EX-WALMART-CONNECT', 'EX-WALMART-PUSH',
  'EX-WALMART-DISCONNECT',
];
/** An account's own webhook endpoints (the owner roles; a manager sees the log). */
const SELLER_WEBHOOKS: PermissionCode[] = ['EX-WEBHOOK-LIST', 'EX-WEBHOOK-MANAGE'];
const SELLER_MONEY: PermissionCode[] = [
  'EX-WALLET-VIEW', 'EX-TOPUP-CREATE', 'EX-WALLET-SEND-PAYMENT', 'EX-TRANSACTION-LIST', 'EX-TRANSACTION-EXPORT', 'EX-BILLING',
  // The seller's own spend (docs/reports.md): the server keeps the report to the caller's account.
  'EX-REPORT-REVENUE', 'EX-REPORT-SERVICES',
];

/** SPEC §6 roles with their default permission sets ('all' = every staff code); seeded, then editable by staff. */
export const ROLES = [
  { code: 'EXR-DEVELOPER', name: 'Developer', kind: 'staff', permissions: 'all' },
  { code: 'EXR-SUPER-ADMIN', name: 'Super admin', kind: 'staff', permissions: 'all' },
  {
    code: 'EXR-ADMIN', name: 'Admin', kind: 'staff', parent: 'EXR-SUPER-ADMIN',
    permissions: STAFF_ALL_CODES.filter(
      (c) => !['EX-PERMISSION-MANAGE', 'EX-RESOURCE-MANAGE', 'EX-CRONJOB-MANAGE', 'EX-QUOTE', 'EX-TICKET-CREATE', 'EX-API-KEY-GENERATE', 'EX-TEAM-MEMBER-MANAGE', 'EX-WALMART-CONNECT', 'EX-WALMART-PUSH', 'EX-WALMART-DISCONNECT', 'EX-INTEGRATION', 'EX-WEBHOOK-LIST', 'EX-WEBHOOK-MANAGE'].includes(c),
    ),
  },
  {
    code: 'EXR-ACCOUNTING', name: 'Accounting', kind: 'staff', parent: 'EXR-ADMIN',
    permissions: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-REFUND', 'EX-ORDER-SURCHARGE-ADD', 'EX-ORDER-SURCHARGE-IMPORT',
      'EX-ORDER-EXPORT', 'EX-ORDER-INVOICE-DOWNLOAD', 'EX-TRANSACTION-LIST', 'EX-TRANSACTION-EXPORT', 'EX-CREDIT-LIST',
      'EX-CREDIT-MANAGE', 'EX-INVOICE-GENERATE', 'EX-TOPUP-LIST', 'EX-TOPUP-APPROVE', 'EX-BILLING', 'EX-REPORT-REVENUE', 'EX-REPORT-PAYMENT-METHOD',
      'EX-REPORT-CUSTOMERS', 'EX-REPORT-PURCHASE', 'EX-USER-LIST', 'EX-PRODUCT-ACTUAL-WEIGHT-FEE', 'EX-ACT-FOR-CUSTOMER'],
  },
  {
    code: 'EXR-CUSTOMER-SERVICE', name: 'Customer service', kind: 'staff', parent: 'EXR-ADMIN',
    permissions: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-UPDATE', 'EX-ORDER-HOLD', 'EX-ORDER-UNHOLD', 'EX-ORDER-CANCEL',
      'EX-ORDER-CONFIRM-ADDRESS', 'EX-ORDER-EDIT-INFORMATION', 'EX-ORDER-TRACKING-EXPORT', 'EX-TRACK-ROUTING', 'EX-TRACKING-LOG',
      'EX-TICKET-LIST', 'EX-TICKET-MANAGE', 'EX-ADDRESS-CHECK', 'EX-PRODUCT-LIST', 'EX-PRODUCT-APPROVE', 'EX-USER-LIST',
      'EX-ACT-FOR-CUSTOMER'],
  },
  {
    code: 'EXR-SCANNER', name: 'Scanner', kind: 'staff', parent: 'EXR-ADMIN',
    permissions: ['EX-SCANNER', 'EX-BOX-LIST', 'EX-BOX-MANAGE', 'EX-CHECKIN', 'EX-CHECKOUT', 'EX-ORDER-LIST', 'EX-ORDER-DETAIL',
      'EX-FREIGHT-LIST', 'EX-ACT-FOR-CUSTOMER'],
  },
  {
    code: 'EXR-CUSTOMER', name: 'Customer', kind: 'customer',
    permissions: [...SELLER_CORE, ...SELLER_MONEY, 'EX-API-KEY-GENERATE', 'EX-TEAM-MEMBER-MANAGE', ...SELLER_WEBHOOKS],
  },
  {
    code: 'EXR-VIP-CUSTOMER', name: 'VIP customer', kind: 'customer', parent: 'EXR-CUSTOMER',
    permissions: [...SELLER_CORE, ...SELLER_MONEY, 'EX-API-KEY-GENERATE', 'EX-TEAM-MEMBER-MANAGE', ...SELLER_WEBHOOKS],
  },
  {
    code: 'EXR-MANAGER', name: 'Manager', kind: 'customer', parent: 'EXR-CUSTOMER',
    permissions: [...SELLER_CORE, ...SELLER_MONEY, 'EX-TEAM-MEMBER-MANAGE', 'EX-WEBHOOK-LIST'],
  },
  {
    code: 'EXR-ACCOUNTANT', name: 'Accountant', kind: 'customer', parent: 'EXR-CUSTOMER',
    permissions: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-PAY', 'EX-ORDER-MULTIPLE-PAY', 'EX-ORDER-EXPORT',
      'EX-ORDER-INVOICE-DOWNLOAD', ...SELLER_MONEY],
  },
  {
    code: 'EXR-SELLER-ACCOUNTANT', name: 'Seller accountant', kind: 'customer', parent: 'EXR-CUSTOMER',
    permissions: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-EXPORT', 'EX-ORDER-INVOICE-DOWNLOAD', 'EX-WALLET-VIEW',
      'EX-TRANSACTION-LIST', 'EX-TRANSACTION-EXPORT', 'EX-BILLING'],
  },
  {
    code: 'EXR-SUPPORT', name: 'Support', kind: 'customer', parent: 'EXR-CUSTOMER',
    permissions: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-TRACK-ROUTING', 'EX-TRACKING-LOG', 'EX-TICKET-LIST', 'EX-TICKET-CREATE',
      'EX-ADDRESS-CHECK'],
  },
] as const satisfies readonly RoleDef[];

export type RoleCode = (typeof ROLES)[number]['code'];
export const DEFAULT_SELLER_ROLE: RoleCode = 'EXR-CUSTOMER';
export const SUPER_ADMIN_ROLE: RoleCode = 'EXR-SUPER-ADMIN';

/**
 * How roles rank for managing users: nobody changes a user whose role ranks above theirs. Equal
 * ranks may manage each other (one super admin may deactivate another, never the last one).
 * A role not listed here (one staff created later) ranks lowest.
 */
export const ROLE_RANK: Record<RoleCode, number> = {
  'EXR-DEVELOPER': 100,
  'EXR-SUPER-ADMIN': 100,
  'EXR-ADMIN': 80,
  'EXR-ACCOUNTING': 50,
  'EXR-CUSTOMER-SERVICE': 50,
  'EXR-SCANNER': 50,
  'EXR-CUSTOMER': 10,
  'EXR-VIP-CUSTOMER': 10,
  'EXR-MANAGER': 10,
  'EXR-ACCOUNTANT': 10,
  'EXR-SELLER-ACCOUNTANT': 10,
  'EXR-SUPPORT': 10,
};
export const roleRank = (code: string): number => (ROLE_RANK as Record<string, number>)[code] ?? 0;

/** Codes a customer-kind role may hold: those the seeded customer roles are made of (never staff powers). */
export const CUSTOMER_GRANTABLE_CODES: ReadonlySet<string> = new Set(ROLES.flatMap((r): readonly string[] => (r.kind === 'customer' && Array.isArray(r.permissions) ? r.permissions : [])));

export function rolePermissions(role: RoleDef): PermissionCode[] {
  return role.permissions === 'all' ? [...STAFF_ALL_CODES] : [...role.permissions];
}
