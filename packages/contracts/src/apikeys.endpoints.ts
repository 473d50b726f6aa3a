import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField } from './fields';
import { ApiKeyGroupsSchema, ApiKeySchema, CreateApiKeyBodySchema, CreatedApiKeySchema } from './apikeys';

// API keys of the caller's seller account (docs/api-keys.md). Managed from a signed-in session only:
// a key never lists, creates or revokes keys. Keep zod calls inside the descriptors.
const tags = ['api-keys'] as const;
const access = 'EX-API-KEY-GENERATE' as const;

export const ListApiKeysEndpoint = defineEndpoint({
  method: 'GET', path: '/api-keys', access, sessionOnly: true, summary: 'The API keys of my account',
  description: 'Active and expired keys of the account, newest first, with the first characters of each key (never the key), its scope, creator, expiry and last use. Revoked keys are left out.',
  operationId: 'listApiKeys', tags, reply: z.array(ApiKeySchema()),
});
export const ApiKeyGroupsEndpoint = defineEndpoint({
  method: 'GET', path: '/api-keys/groups', access, sessionOnly: true, summary: 'The permission groups I may put in a key',
  description: 'Each group (a permission resource) in which the caller holds at least one permission, with its codes.',
  operationId: 'apiKeyGroups', tags, reply: ApiKeyGroupsSchema(),
});
export const CreateApiKeyEndpoint = defineEndpoint({
  method: 'POST', path: '/api-keys', access, sessionOnly: true, summary: 'Create an API key (shown once)',
  description: 'The reply carries the key itself, this once: only its SHA-256 is stored. The scope is all of the creator\'s permissions or some groups read-only or read/write; it is checked against the creator\'s permissions at every use. Seller accounts only (403 API_KEY_SELLER_ONLY for staff).',
  operationId: 'createApiKey', tags, body: CreateApiKeyBodySchema(), reply: CreatedApiKeySchema(), status: 201, message: 'apiKey.created', errors: [403, 409],
});
export const RevokeApiKeyEndpoint = defineEndpoint({
  method: 'DELETE', path: '/api-keys/:id', access, sessionOnly: true, summary: 'Revoke an API key',
  description: 'The key is refused (401) by every server process from the next request on.',
  operationId: 'revokeApiKey', tags, params: z.object({ id: idField() }), reply: z.object({ _id: z.string() }), message: 'apiKey.revoked', errors: [404],
});
