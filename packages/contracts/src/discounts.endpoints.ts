import { z } from 'zod';
import { textField } from './fields';
import { DiscountBodySchema, DiscountListQuerySchema } from './catalog';
import { DiscountSchema, PageReplySchema } from './catalog.replies';
import { defineEndpoint } from './endpoint';

// SPEC §3 Discount: codes staff write, sellers apply when quoting and paying.
// Keep zod calls inside the descriptors: the web build drops them there (schemas are types on the web).
const tags = ['discounts'] as const;

export const ListDiscountsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/discounts',
  access: 'EX-DISCOUNT-LIST',
  summary: 'List discount codes',
  description: 'Newest first; `status` is worked out from the switch, the dates and now (`schedules` = not started yet).',
  operationId: 'listDiscounts',
  tags,
  query: DiscountListQuerySchema,
  reply: PageReplySchema(DiscountSchema),
});

export const GetDiscountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/discounts/:code',
  access: 'EX-DISCOUNT-LIST',
  summary: 'A discount code and how often it was used',
  operationId: 'getDiscount',
  tags,
  params: z.object({ code: textField().min(1).max(50) }),
  reply: DiscountSchema,
  errors: [404],
});

export const CreateDiscountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/discounts',
  access: 'EX-DISCOUNT-MANAGE',
  summary: 'Create a discount code',
  operationId: 'createDiscount',
  tags,
  body: DiscountBodySchema,
  reply: DiscountSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateDiscountEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/discounts/:code',
  access: 'EX-DISCOUNT-MANAGE',
  summary: 'Update a discount code',
  operationId: 'updateDiscount',
  tags,
  params: z.object({ code: textField().min(1).max(50) }),
  body: DiscountBodySchema,
  reply: DiscountSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

export const DeleteDiscountEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/discounts/:code',
  access: 'EX-DISCOUNT-MANAGE',
  summary: 'Delete a discount code',
  operationId: 'deleteDiscount',
  tags,
  params: z.object({ code: textField().min(1).max(50) }),
  reply: z.null(),
  message: 'catalog.deleted',
  errors: [404],
});
