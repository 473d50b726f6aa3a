import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActualWeightFeeQuerySchema,
  ImportQuerySchema,
  PRODUCT_LIMITS,
  PRODUCT_TEMPLATE_FILES,
  ProductCreateBodySchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductRejectBodySchema,
  ProductUpdateBodySchema,
  WeightConfigBodySchema,
  WeightConfigListQuerySchema,
} from '@exship/contracts';
import type { AppContext } from '../../context';
import { authOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http';
import { IMAGE_CONTENT_TYPES, detectImageType, newStorageKey, openStorage, readUpload, registerUploads, type Storage } from '../../platform/storage';
import { sendXlsx } from '../../platform/xlsx';
import * as imports from './products.imports';
import * as products from './products.service';

const tags = ['products'];

const importOptions = (req: FastifyRequest, onlyValidate: boolean) => ({ onlyValidate, lang: req.lang });
const importMessage = (r: { onlyValidate: boolean }) => (r.onlyValidate ? ('product.importValidated' as const) : ('product.imported' as const));

const MockupParamsSchema = z.object({
  accountId: z.string().uuid('validation.id.invalid'),
  file: z.string().regex(/^[0-9a-f-]{36}\.(jpg|png)$/, 'validation.invalid'),
});

/**
 * Products (issue 4). Paths under /api/v1; sellers are limited to their own account in every
 * service call, staff may name a customer. Imports: POST with a multipart `file`; `onlyValidate=true`
 * checks and returns the rows, without it the file is checked again and written in one transaction.
 */
export const productsRoutes =
  (ctx: Pick<AppContext, 'database' | 'config'>, storage: Storage = openStorage(ctx.config)): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    await registerUploads(app, PRODUCT_LIMITS.importMaxBytes);

    // --- templates (static paths first; they win over /products/:id) ---
    app.get('/products/templates/product.xlsx', { config: { access: 'EX-PRODUCT-IMPORT' }, schema: { tags } }, async (_req, reply) =>
      sendXlsx(reply, PRODUCT_TEMPLATE_FILES.product, await imports.templateFile('product')),
    );
    app.get('/products/templates/variant.xlsx', { config: { access: 'EX-PRODUCT-IMPORT' }, schema: { tags } }, async (_req, reply) =>
      sendXlsx(reply, PRODUCT_TEMPLATE_FILES.variant, await imports.templateFile('variant')),
    );
    app.get('/products/templates/partner-id.xlsx', { config: { access: 'EX-PRODUCT-PARTNER-ID-IMPORT' }, schema: { tags } }, async (_req, reply) =>
      sendXlsx(reply, PRODUCT_TEMPLATE_FILES.partnerId, await imports.templateFile('partnerId')),
    );
    app.get('/products/templates/weight-config.xlsx', { config: { access: 'EX-PRODUCT-CONFIG' }, schema: { tags } }, async (_req, reply) =>
      sendXlsx(reply, PRODUCT_TEMPLATE_FILES.weightConfig, await imports.templateFile('weightConfig')),
    );

    // --- imports ---
    app.post('/products/import', { config: { access: 'EX-PRODUCT-IMPORT' }, schema: { tags, querystring: ImportQuerySchema } }, async (req) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      const result = await imports.importProducts(db, authOf(req), upload, importOptions(req, req.query.onlyValidate));
      return ok(req, result, importMessage(result));
    });
    app.post('/products/import-variants', { config: { access: 'EX-PRODUCT-IMPORT' }, schema: { tags, querystring: ImportQuerySchema } }, async (req) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      const result = await imports.importVariants(db, authOf(req), upload, importOptions(req, req.query.onlyValidate));
      return ok(req, result, importMessage(result));
    });
    app.post('/products/import-partner-ids', { config: { access: 'EX-PRODUCT-PARTNER-ID-IMPORT' }, schema: { tags, querystring: ImportQuerySchema } }, async (req) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      const result = await imports.importPartnerIds(db, authOf(req), upload, importOptions(req, req.query.onlyValidate));
      return ok(req, result, importMessage(result));
    });

    // --- mockup images (SPEC §5: jpg, jpeg, png; 5 MB) ---
    app.post(
      '/products/mockups',
      { config: { access: 'EX-PRODUCT-CREATE' }, schema: { tags, querystring: z.object({ customerId: z.string().uuid('validation.id.invalid').optional() }) } },
      async (req, reply) => {
        const actor = authOf(req);
        const upload = await readUpload(req, PRODUCT_LIMITS.mockupMaxBytes);
        const type = detectImageType(upload.data);
        if (!type) throw new AppError('FILE_TYPE_NOT_ALLOWED', 400);
        const accountId = actor.roleKind === 'staff' && req.query.customerId ? await products.resolveCustomerAccount(db, req.query.customerId) : actor.accountId;
        const key = newStorageKey(`mockups/${accountId}`, type);
        await storage.put(key, upload.data);
        return reply.code(201).send(ok(req, { url: `/api/v1/products/${key}`, contentType: IMAGE_CONTENT_TYPES[type], size: upload.data.length }, 'file.uploaded'));
      },
    );
    app.get('/products/mockups/:accountId/:file', { config: { access: 'EX-PRODUCT-LIST' }, schema: { tags, params: MockupParamsSchema } }, async (req, reply) => {
      const actor = authOf(req);
      if (actor.roleKind !== 'staff' && actor.accountId !== req.params.accountId) throw new AppError('FILE_NOT_FOUND', 404);
      const data = await storage.get(`mockups/${req.params.accountId}/${req.params.file}`);
      if (!data) throw new AppError('FILE_NOT_FOUND', 404);
      const type = detectImageType(data) ?? 'png';
      return reply.header('content-type', IMAGE_CONTENT_TYPES[type]).header('content-disposition', `inline; filename="${req.params.file}"`).header('cache-control', 'private, max-age=86400').send(data);
    });

    // --- weight thresholds and actual-weight fees ---
    app.get('/products/weight-configs', { config: { access: 'EX-PRODUCT-CONFIG' }, schema: { tags, querystring: WeightConfigListQuerySchema } }, async (req) =>
      ok(req, await products.listWeightConfigs(db, authOf(req), req.query)),
    );
    app.post('/products/weight-configs/import', { config: { access: 'EX-PRODUCT-CONFIG' }, schema: { tags, querystring: ImportQuerySchema } }, async (req) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      const result = await imports.importWeightConfigs(db, authOf(req), upload, importOptions(req, req.query.onlyValidate));
      return ok(req, result, importMessage(result));
    });
    app.get('/products/actual-weight-fees', { config: { access: 'EX-PRODUCT-ACTUAL-WEIGHT-FEE' }, schema: { tags, querystring: WeightConfigListQuerySchema } }, async (req) =>
      ok(req, await products.listWeightConfigs(db, authOf(req), req.query, { onlyCharging: true })),
    );
    app.get('/products/:id/weight-config', { config: { access: 'EX-PRODUCT-CONFIG' }, schema: { tags, params: ProductIdParamsSchema } }, async (req) =>
      ok(req, await products.getWeightConfig(db, authOf(req), req.params.id)),
    );
    app.put('/products/:id/weight-config', { config: { access: 'EX-PRODUCT-CONFIG' }, schema: { tags, params: ProductIdParamsSchema, body: WeightConfigBodySchema } }, async (req) =>
      ok(req, await products.saveWeightConfig(db, authOf(req), req.params.id, req.body), 'product.weightConfigSaved'),
    );
    app.delete('/products/:id/weight-config', { config: { access: 'EX-PRODUCT-CONFIG' }, schema: { tags, params: ProductIdParamsSchema } }, async (req) =>
      ok(req, await products.removeWeightConfig(db, authOf(req), req.params.id), 'product.weightConfigRemoved'),
    );
    app.get('/products/:id/weight-config/history', { config: { access: 'EX-PRODUCT-CONFIG' }, schema: { tags, params: ProductIdParamsSchema } }, async (req) =>
      ok(req, await products.getWeightConfigHistory(db, authOf(req), req.params.id)),
    );
    app.get(
      '/products/:id/actual-weight-fee',
      { config: { access: 'EX-PRODUCT-ACTUAL-WEIGHT-FEE' }, schema: { tags, params: ProductIdParamsSchema, querystring: ActualWeightFeeQuerySchema } },
      async (req) => ok(req, await products.productActualWeightFee(db, authOf(req), req.params.id, req.query.weighedGrams)),
    );

    // --- products ---
    app.get('/products', { config: { access: 'EX-PRODUCT-LIST' }, schema: { tags, querystring: ProductListQuerySchema } }, async (req) =>
      ok(req, await products.listProducts(db, authOf(req), req.query)),
    );
    app.get('/products/:id', { config: { access: 'EX-PRODUCT-LIST' }, schema: { tags, params: ProductIdParamsSchema } }, async (req) =>
      ok(req, await products.getProduct(db, authOf(req), req.params.id)),
    );
    app.post('/products', { config: { access: 'EX-PRODUCT-CREATE' }, schema: { tags, body: ProductCreateBodySchema } }, async (req, reply) =>
      reply.code(201).send(ok(req, await products.createProduct(db, authOf(req), req.body), 'product.created')),
    );
    app.patch('/products/:id', { config: { access: 'EX-PRODUCT-UPDATE' }, schema: { tags, params: ProductIdParamsSchema, body: ProductUpdateBodySchema } }, async (req) =>
      ok(req, await products.updateProduct(db, authOf(req), req.params.id, req.body), 'product.updated'),
    );
    app.delete('/products/:id', { config: { access: 'EX-PRODUCT-DELETE' }, schema: { tags, params: ProductIdParamsSchema } }, async (req) => {
      await products.deleteProduct(db, authOf(req), req.params.id);
      return ok(req, null, 'product.deleted');
    });

    // --- SPEC §4 approval ---
    app.post('/products/:id/submit', { config: { access: 'EX-PRODUCT-UPDATE' }, schema: { tags, params: ProductIdParamsSchema } }, async (req) =>
      ok(req, await products.changeApproval(db, authOf(req), req.params.id, 'submit'), 'product.submitted'),
    );
    app.post('/products/:id/accept', { config: { access: 'EX-PRODUCT-APPROVE' }, schema: { tags, params: ProductIdParamsSchema } }, async (req) =>
      ok(req, await products.changeApproval(db, authOf(req), req.params.id, 'accept'), 'product.accepted'),
    );
    app.post('/products/:id/reject', { config: { access: 'EX-PRODUCT-APPROVE' }, schema: { tags, params: ProductIdParamsSchema, body: ProductRejectBodySchema } }, async (req) =>
      ok(req, await products.changeApproval(db, authOf(req), req.params.id, 'reject', req.body.reason), 'product.rejected'),
    );
  };
