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
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { idempotencyKeyOf, idempotent } from '../../platform/idempotency';
import { route } from '../../platform/endpoints';
import { fileDay, sendXlsxStream } from '../../platform/xlsx';
import { ordersWorkbook } from './orders.export';
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
      const offset = actor.timeZone ?? '+07:00';
      const stream = ordersWorkbook(await orders.exportRows(actor, req.query), req.lang, offset);
      return sendXlsxStream(reply, `Orders_${fileDay(new Date(), offset)}.xlsx`, stream);
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
