import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import { RATE_LIMITS } from './limits';
import { idField, multilineTextField } from './fields';
import {
  ExOrderIdParamsSchema,
  OrderCreateBodySchema,
  OrderCreatedSchema,
  OrderDetailSchema,
  RefundBodySchema,
  OrderExportQuerySchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderListReplySchema,
  OrderPriceReplySchema,
  OrderUpdateBodySchema,
  SurchargeBodySchema,
} from './orders';
import { OrderImportQuerySchema, OrderImportResultSchema, SurchargeFileReplySchema, SurchargeImportBodySchema, SurchargeImportReplySchema } from './orders.imports';
import type { PermissionCode } from './permissions';

// SPEC §2/§3/§4/§5 orders: create (with the review price), edit, list, detail, export, the §4 actions
// and surcharges. Sellers see their own account's orders; staff (EX-ACT-FOR-CUSTOMER) see every
// account's. Another account's order id answers 404 ORDER_NOT_FOUND, never 403.
// Keep zod calls inside the descriptors: the web build drops them there.
const tags = ['orders'] as const;
const ACTION_DESCRIPTION = 'Refused with 409 ACTION_NOT_ALLOWED_FOR_STATUS when the order\'s status does not allow it (docs/order-lifecycle.md).';

export const PriceOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/price',
  access: 'EX-ORDER-CREATE',
  summary: 'Price an order before saving it (the review step)',
  description: 'The fee lines the order would be saved with: the same body as the create call.',
  operationId: 'priceOrder',
  readOnly: true,
  tags,
  body: OrderCreateBodySchema,
  reply: OrderPriceReplySchema,
  errors: [404, 422],
});

export const CreateOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders',
  access: 'EX-ORDER-CREATE',
  summary: 'Create an order',
  description: 'Saved `unpaid` with a snapshot of its fee lines. 409 ORDER_NAME_TAKEN when the seller already has an order of that name.',
  operationId: 'createOrder',
  tags,
  body: OrderCreateBodySchema,
  reply: OrderCreatedSchema,
  status: 201,
  message: 'order.created',
  errors: [404, 409, 422],
});

export const ListOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders',
  access: 'EX-ORDER-LIST',
  summary: 'List orders',
  description: 'Server-paginated; `counts` gives the orders per status under the other filters (the tabs).',
  operationId: 'listOrders',
  tags,
  query: OrderListQuerySchema,
  reply: OrderListReplySchema,
});

export const ExportOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/export.xlsx',
  access: 'EX-ORDER-EXPORT',
  summary: 'Export the filtered orders to xlsx',
  description: 'The list\'s filters; at most 50,000 rows. Cells starting with =, +, - or @ are written as text.',
  operationId: 'exportOrders',
  tags,
  query: OrderExportQuerySchema,
  reply: { binary: XLSX_MIME, description: 'Orders_<date>.xlsx' },
});

export const GetOrderEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderId',
  access: 'EX-ORDER-DETAIL',
  summary: 'Order detail',
  description: 'Every field, the fee lines, the status history, surcharges and the actions allowed now.',
  operationId: 'getOrder',
  tags,
  params: OrderIdParamsSchema,
  reply: OrderDetailSchema,
  errors: [404],
});

export const GetOrderByExIdEndpoint = defineEndpoint({
  method: 'GET',
  path: '/order-by-ex-order-id/:exOrderId',
  access: 'EX-ORDER-DETAIL',
  summary: 'Order detail by its exOrderId (the edit screen)',
  operationId: 'getOrderByExOrderId',
  tags,
  params: ExOrderIdParamsSchema,
  reply: OrderDetailSchema,
  errors: [404],
});

export const UpdateOrderEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/orders/:orderId',
  access: 'EX-ORDER-UPDATE',
  summary: 'Edit an order',
  description:
    'Everything may change before a label is bought. Once labeled (and not yet received), only the address: a new order replaces this one, which is cancelled and refunded after 7 working days (`replacedBy`). 409 ORDER_NOT_EDITABLE otherwise.',
  operationId: 'updateOrder',
  tags,
  params: OrderIdParamsSchema,
  body: OrderUpdateBodySchema,
  reply: z.object({ id: z.string(), exOrderId: z.string(), replacedBy: z.object({ id: z.string(), exOrderId: z.string() }).nullable(), totalPrice: z.number() }),
  message: 'order.updated',
  errors: [404, 409, 422],
});

export const DuplicateOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/:orderId/duplicate',
  access: 'EX-ORDER-DUPLICATE',
  summary: 'Duplicate an order',
  description: 'A new unpaid order with the same parcel, recipient and products, priced again today; its name gets a `-copy` suffix (numbered when taken).',
  operationId: 'duplicateOrder',
  tags,
  params: OrderIdParamsSchema,
  reply: OrderCreatedSchema,
  status: 201,
  message: 'order.duplicated',
  errors: [404, 409, 422],
});

export const AddSurchargeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/:orderId/surcharges',
  access: 'EX-ORDER-SURCHARGE-ADD',
  summary: 'Add a surcharge to an order',
  description: 'Sets the payment status to surcharge-unpaid until it is paid. 409 SURCHARGE_NOT_ALLOWED in statuses that cannot take one.',
  operationId: 'addOrderSurcharge',
  tags,
  params: OrderIdParamsSchema,
  body: SurchargeBodySchema,
  reply: OrderDetailSchema,
  status: 201,
  message: 'order.surchargeAdded',
  errors: [404, 409],
  rateLimit: RATE_LIMITS.staffMoney,
});

/** One endpoint per §4 action, each behind its own permission. */
const actionEndpoint = (path: string, access: PermissionCode, summary: string, operationId: string, more = '') =>
  defineEndpoint({
    method: 'POST',
    path: `/orders/:orderId/${path}`,
    access,
    summary,
    description: ACTION_DESCRIPTION + more,
    operationId,
    tags,
    params: OrderIdParamsSchema,
    body: z.object({ reason: multilineTextField().trim().max(255, 'validation.note.max').default('') }),
    reply: OrderDetailSchema,
    message: 'order.actionDone',
    errors: [404, 409],
  });

export const HoldOrderEndpoint = actionEndpoint('hold', 'EX-ORDER-HOLD', 'Hold an order', 'holdOrder');
export const UnholdOrderEndpoint = actionEndpoint('unhold', 'EX-ORDER-UNHOLD', 'Release a held order', 'unholdOrder');
export const CancelOrderEndpoint = actionEndpoint('cancel', 'EX-ORDER-CANCEL', 'Cancel an order', 'cancelOrder');
export const RefundOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/:orderId/refund',
  access: 'EX-ORDER-REFUND',
  summary: 'Refund a cancelled order now',
  description:
    'Pays a cancelled order\'s waiting refund into the seller\'s wallet now (payment status waiting-refund → refund). `amount` (USD) refunds another sum instead: above 0 and not above what was paid for the order less what was refunded (400 VALIDATION_FAILED on `amount` otherwise); the payment status becomes refund-custom. Send an `Idempotency-Key` header to make a retry safe.',
  operationId: 'refundOrder',
  tags,
  params: OrderIdParamsSchema,
  body: RefundBodySchema,
  reply: OrderDetailSchema,
  message: 'order.refunded',
  errors: [400, 404, 409, 422],
  rateLimit: RATE_LIMITS.staffMoney,
});
export const RedistributeOrderEndpoint = actionEndpoint('redistribute', 'EX-ORDER-REDISTRIBUTE', 'Re-distribute an order to another carrier', 'redistributeOrder', ' Refused with 409 NO_OTHER_CARRIER when no other active carrier serves the order\'s service and destination (GET /orders/{orderId}/redistribute-options).');
export const RedistributeOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderId/redistribute-options',
  access: 'EX-ORDER-REDISTRIBUTE',
  summary: 'The carriers a re-distribution of the order would go to',
  description:
    'The other active carriers of the routes of the order\'s service that serve its destination, first the one re-distribute takes. Empty: re-distribute is refused with 409 `NO_OTHER_CARRIER`.',
  operationId: 'getRedistributeOptions',
  tags,
  params: OrderIdParamsSchema,
  reply: z.object({ serviceName: z.string(), carriers: z.array(z.object({ carrierId: z.string(), carrierCode: z.string(), carrierName: z.string() })) }),
  errors: [404],
});
export const BuildNewLabelEndpoint = actionEndpoint('build-new-label', 'EX-ORDER-NEW-LABEL', 'Build a new label', 'buildNewLabel');
export const GenerateTrackingEndpoint = actionEndpoint('generate-tracking', 'EX-ORDER-GENERATE-TRACKING', 'Generate tracking', 'generateTracking');
export const ConfirmAddressEndpoint = actionEndpoint('confirm-address', 'EX-ORDER-CONFIRM-ADDRESS', 'Confirm the address of an order', 'confirmOrderAddress');
export const ConfirmDimensionEndpoint = actionEndpoint('confirm-dimension', 'EX-ORDER-UPDATE', 'Confirm the measured dimensions (a new order replaces this one)', 'confirmOrderDimension');

export const PayOrdersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/pay',
  access: 'EX-ORDER-PAY',
  summary: 'Pay orders from the wallet',
  description:
    'Pays unpaid orders (their price) and orders with unpaid surcharges, by each order\'s payment method (wallet: the balance, then the credit line; debit: the balance only, 409 INSUFFICIENT_BALANCE; credit: needs a credit line, 409 ORDER_CREDIT_UNAVAILABLE), all or nothing: one order that cannot be paid refuses the whole set and nothing changes (409 ACTION_NOT_ALLOWED_FOR_STATUS naming it; 409 INSUFFICIENT_FUNDS / CREDIT_BLOCKED). An order priced with a discount code uses the code when it is paid, once; a code whose total or per-customer limit has been reached since the order was priced refuses the payment (409 DISCOUNT_USED_UP naming the orders and codes: edit the order to drop the code). More than one order needs EX-ORDER-MULTIPLE-PAY. Send an `Idempotency-Key` header to make a retry safe: the first reply is replayed for the same key and body for 24 h, 409 while the first is running, 422 for a different body.',
  operationId: 'payOrders',
  tags,
  body: z.object({ orderIds: z.array(idField()).min(1, 'validation.required').max(1000, 'validation.orders.max') }),
  reply: z.object({ paid: z.number(), amount: z.number(), balanceAfter: z.number(), transactionIds: z.array(z.string()) }),
  message: 'order.paid',
  errors: [404, 409, 422],
  rateLimit: RATE_LIMITS.payOrders,
});

// ---------- imports (SPEC §2 Import order / Import Surcharge screens, §3, §5 Imports, §7) ----------
// docs/order-imports.md: how rows become orders, what is checked, the surcharge calls.

export const OrderImportTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/templates/order.xlsx',
  access: 'EX-ORDER-IMPORT',
  summary: 'Download the order import template',
  operationId: 'downloadOrderImportTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'Template_import_order.xlsx: the SPEC §3 headers (required ones in red), the signatureService dropdown and two example rows of one order' },
});

export const ImportOrdersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/import',
  access: 'EX-ORDER-IMPORT',
  summary: 'Import orders from the xlsx template',
  description:
    'Consecutive rows with the same orderName form one order, one product line per row. Each order is checked by the create rules and priced from today\'s prices. `onlyValidate=true` checks the file and returns the rows; without it the file is checked again and every order is created in one transaction. Any bad row answers 400 IMPORT_ROWS_INVALID (each error names its row and column, with a link to the error workbook) and creates nothing. Up to 1,000 rows unless the server is configured otherwise (ORDER_IMPORT_MAX_ROWS, at most 10,000), 10 MB. Staff name the seller with `customerId`.',
  operationId: 'importOrders',
  tags,
  query: OrderImportQuerySchema,
  multipart: { field: 'file', description: 'The filled-in template, xlsx only, up to 10 MB', accept: [XLSX_MIME] },
  reply: OrderImportResultSchema,
  errors: [404, 409, 413],
});

export const SurchargeImportTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/orders/templates/surcharge.xlsx',
  access: 'EX-ORDER-SURCHARGE-IMPORT',
  summary: 'Download the surcharge import template',
  operationId: 'downloadSurchargeImportTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'Template_import_order_surcharge.xlsx: OrderID*, Surcharge*, Reason* (dropdown), Detail Reason' },
});

export const ReadSurchargeFileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/import-surcharge/file',
  access: 'EX-ORDER-SURCHARGE-IMPORT',
  summary: 'Read a surcharge file into rows for the import call',
  description:
    'The file is checked like every import (xlsx only, 10 MB, the exact template, no formulas, at most 1,000 rows) and its rows like the import call checks them; a bad row answers 400 IMPORT_ROWS_INVALID with a link to the error workbook. Nothing is written: the rows are then sent to POST /orders/import-surcharge.',
  operationId: 'readSurchargeFile',
  tags,
  multipart: { field: 'file', description: 'The filled-in surcharge template, xlsx only, up to 10 MB', accept: [XLSX_MIME] },
  reply: SurchargeFileReplySchema,
  errors: [409, 413],
});

export const ImportSurchargesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/orders/import-surcharge',
  access: 'EX-ORDER-SURCHARGE-IMPORT',
  summary: 'Check or import surcharges (SPEC §7)',
  description:
    '`onlyValidateDoNotImport: true` returns the validated rows (note, reasonType, errors). Without it the rows are imported in one transaction, each as POST /orders/{orderId}/surcharges would add it (payment status surcharge-unpaid, history written). `orderId` is an exOrderId or an order id; an order outside the caller\'s scope is not found. Any bad row answers 400 IMPORT_ROWS_INVALID: `errors` name `rows.<row>.<field>` and `data` holds every row with its errors (as on success); nothing is written.',
  operationId: 'importSurcharges',
  tags,
  body: SurchargeImportBodySchema,
  reply: SurchargeImportReplySchema,
  message: 'order.surchargesImported',
  errors: [409],
  rateLimit: RATE_LIMITS.staffMoneyImport,
});

