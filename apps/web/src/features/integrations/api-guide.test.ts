import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_GUIDE_TASKS, buildApiGuide, ErrorEnvelopeSchema, isBinaryReply, okEnvelope, SELLER_API_GUIDE } from '@exship/contracts';
import guide from './api-guide.json';

// The API document's examples come from the contracts (scripts/api-guide.ts), never by hand: the
// file shipped to the browser is what the generator writes today, and every example is accepted by
// the schema the server validates with.

describe('the seller API guide', () => {
  it('api-guide.json is current: run `npm run api-guide` after changing a contract it lists', () => {
    expect(guide).toEqual(JSON.parse(JSON.stringify(buildApiGuide())));
  });

  it('lists every task, in order, and each call once', () => {
    expect(guide.tasks.map((t) => t.task)).toEqual([...API_GUIDE_TASKS]);
    const ids = guide.tasks.flatMap((t) => t.calls.map((c) => c.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['quote', 'createOrder', 'payOrders', 'getOrderLabel', 'trackLookup']));
  });

  describe.each(API_GUIDE_TASKS.flatMap((task) => SELLER_API_GUIDE[task].map((entry) => [entry.endpoint.operationId, task, entry.endpoint] as const)))('%s', (operationId, task, endpoint) => {
    const call = guide.tasks.find((t) => t.task === task)!.calls.find((c) => c.operationId === operationId)! as (typeof guide.tasks)[number]['calls'][number] & {
      request: { params?: unknown; query?: unknown; body?: unknown };
      reply: { status: number; example?: unknown };
    };

    it('its request examples parse with the endpoint schemas', () => {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part];
        if (!schema) {
          expect(call.request[part], part).toBeUndefined();
          continue;
        }
        const parsed = schema.safeParse(call.request[part]);
        expect(parsed.error?.issues ?? [], `${operationId} ${part}`).toEqual([]);
      }
    });

    it('its reply example parses with the reply envelope schema', () => {
      expect(call.method).toBe(endpoint.method);
      expect(call.path).toBe(`/api/v1${endpoint.path}`);
      if (isBinaryReply(endpoint.reply)) {
        expect(call.reply).toMatchObject({ file: endpoint.reply.binary });
        return;
      }
      const parsed = okEnvelope(endpoint.reply as z.ZodType).safeParse(call.reply.example);
      expect(parsed.error?.issues ?? [], operationId).toEqual([]);
    });
  });

  it('its error example is the error envelope', () => {
    expect(ErrorEnvelopeSchema.safeParse(guide.errorExample).success).toBe(true);
  });
});
