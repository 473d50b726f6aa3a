import { API_KEY_PREFIX } from '@exship/contracts';
import { defineModule } from '../../platform/module';
import { usersModule } from '../users';
import { apiKeyRoutes } from './apikeys.routes';
import { createApiKeyService } from './apikeys.service';

export { keyPermissions, type ApiKeyService } from './apikeys.service';

/** API keys of seller accounts: a bearer token with the `exs_live_` prefix, resolved here instead of a session. */
export const apiKeysModule = defineModule({
  name: 'apikeys',
  needs: [usersModule],
  setup: (ctx) => createApiKeyService({ db: ctx.database.db, requestsPerMinute: ctx.config.apiKeyRequestsPerMinute }),
  routes: (_ctx, keys) => [apiKeyRoutes(keys)],
  credentials: (keys) => ({ prefix: API_KEY_PREFIX, resolve: keys.resolve }),
});
