import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKeyGroupsEndpoint, CreateApiKeyEndpoint, ListApiKeysEndpoint, RevokeApiKeyEndpoint } from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { ApiKeyService } from './apikeys.service';

/** The account's API keys: list, the groups a scope may hold, create (shown once), revoke. */
export const apiKeyRoutes =
  (keys: ApiKeyService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListApiKeysEndpoint, (req) => keys.list(authOf(req)));
    route(app, ApiKeyGroupsEndpoint, (req) => keys.groups(authOf(req)));
    route(app, CreateApiKeyEndpoint, (req) => keys.create(authOf(req), req.body));
    route(app, RevokeApiKeyEndpoint, (req) => keys.revoke(authOf(req), req.params.id));
  };
