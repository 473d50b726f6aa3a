import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  RedistributeOptionsEndpoint,
  RedistributeOrderEndpoint,
  RefundOrderEndpoint,
  UnholdOrderEndpoint,
  UpdateOrderEndpoint,
  type OrderUserAction,
} from '@exship/contracts';
import { fromCents, wallClockAt } from '@exship/domain';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { idempotencyKeyOf, idempotent } from '../../platform/idempotency';
import { route } from '../../platform/endpoints';
import { safeCell, sendXlsx } from '../../platform/xlsx';
import type { OrderService } from './orders.service';

const ACTIONS: [typeof HoldOrderEndpoint, OrderUserAction][] = [
  [HoldOrderEndpoint, 'hold'],
  [UnholdOrderEndpoint, 'unhold'],
  [CancelOrderEndpoint, 'cancel'],
  [RedistributeOrderEndpoint, 'redistribute'],
  [BuildNewLabelEndpoint, 'buildNewLabel'],
  [GenerateTrackingEndpoint, 'generateTracking'],
  [ConfirmAddressEndpoint, 'confirmAddress'],
  [ConfirmDimensionEndpoint, 'confirmDimension'],
];

const EXPORT_COLUMNS = ['Order ID', 'Order name', 'Customer email', 'Status', 'Payment status', 'Routing status', 'Tracking number', 'Service', 'Carrier', 'Quantity', 'Length (cm)', 'Width (cm)', 'Height (cm)', 'Weight (gr)', 'Recipient', 'Address 1', 'City', 'State', 'Country', 'Zipcode', 'Shipping fee', 'Discount', 'Tax fee', 'Surcharge', 'Total', 'Created at'];

/** Orders: every route is a descriptor of packages/contracts/src/orders.endpoints.ts. */
export const ordersRoutes =
  (orders: OrderService, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, PayOrdersEndpoint, async (req) => {
      const actor = authOf(req);
      if (req.body.orderIds.length > 1 && !actor.permissions.has('EX-ORDER-MULTIPLE-PAY')) throw new AppError('FORBIDDEN', 403);
      return idempotent(db, `pay:${actor.userId}`, idempotencyKeyOf(req), req.body, (tx) => orders.payIn(tx, actor, req.body.orderIds));
    });
    route(app, PriceOrderEndpoint, (req) => orders.price(authOf(req), req.body));
    route(app, CreateOrderEndpoint, (req) => orders.create(authOf(req), req.body));
    route(app, ListOrdersEndpoint, (req) => orders.list(authOf(req), req.query));
    route(app, ExportOrdersEndpoint, async (req, reply) => {
      const actor = authOf(req);
      const rows = await orders.exportRows(actor, req.query);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Orders');
      ws.columns = EXPORT_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
      ws.getRow(1).font = { bold: true };
      const offset = actor.timeZone ?? '+07:00';
      for (const { row: o, label, customerEmail } of rows) {
        ws.addRow(
          [
            o.exOrderId,
            o.orderName,
            customerEmail,
            o.status,
            o.paymentStatus,
            label?.routingStatus,
            label?.trackingNumber,
            o.serviceCode,
            o.carrierCode,
            o.quantity,
            o.lengthCm,
            o.widthCm,
            o.heightCm,
            o.weightGr,
            `${o.firstName} ${o.lastName}`.trim(),
            o.address1,
            o.city,
            o.state,
            o.country,
            o.zipcode,
            fromCents(o.shippingFeeCents),
            fromCents(o.discountCents),
            fromCents(o.taxFeeCents),
            fromCents(o.surchargeCents),
            fromCents(o.totalCents),
            wallClockAt(o.createdAt, offset),
          ].map((v) => safeCell(v ?? null)),
        );
      }
      const stamp = new Date().toISOString().slice(0, 10);
      return sendXlsx(reply, `Orders_${stamp}.xlsx`, Buffer.from(await wb.xlsx.writeBuffer()));
    });
    route(app, GetOrderByExIdEndpoint, (req) => orders.getByExOrderId(authOf(req), req.params.exOrderId));
    route(app, GetOrderEndpoint, (req) => orders.get(authOf(req), req.params.orderId));
    route(app, UpdateOrderEndpoint, (req) => orders.update(authOf(req), req.params.orderId, req.body));
    route(app, DuplicateOrderEndpoint, (req) => orders.duplicate(authOf(req), req.params.orderId));
    route(app, AddSurchargeEndpoint, (req) => orders.addSurcharge(authOf(req), req.params.orderId, req.body));
    route(app, RefundOrderEndpoint, async (req) => {
      const actor = authOf(req);
      return idempotent(db, `refund:${actor.userId}`, idempotencyKeyOf(req), { id: req.params.orderId, ...req.body }, (tx) => orders.refundIn(tx, actor, req.params.orderId, req.body));
    });
    route(app, RedistributeOptionsEndpoint, (req) => orders.redistributeOptions(authOf(req), req.params.orderId));
    for (const [endpoint, action] of ACTIONS) route(app, endpoint, (req) => orders.act(authOf(req), req.params.orderId, action, req.body.reason));
  };
