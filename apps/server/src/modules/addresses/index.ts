import { defineJob } from '../../platform/jobs';
import { defineModule, job } from '../../platform/module';
import { z } from 'zod';
import { HttpAddressProvider } from './addresses.provider';
import { addressCheckRoutes } from './addresses.routes';
import { createAddressCheckService } from './addresses.service';

export { checkAddress, fullAddressOf, type AddressCheckResult, type AddressInput } from './addresses.checker';
export { AddressProviderUnavailable, HttpAddressProvider, type AddressProvider, type NormalisedAddress, type ProviderVerdict } from './addresses.provider';

/** Retries the provider for a batch's pending rows (queue retries with backoff while it is down). */
export const VerifyPendingAddresses = defineJob('addresses.verify-pending', z.object({ batchId: z.string().uuid() }));

/**
 * Address check (SPEC §2 /app/check-address): one address or an xlsx file, checked offline against
 * ISO and US ZIP data, then by the address provider when ADDRESS_PROVIDER_URL is set.
 */
export const addressesModule = defineModule({
  name: 'addresses',
  needs: [],
  setup: (ctx) =>
    createAddressCheckService({
      db: ctx.database.db,
      provider: ctx.config.addressProvider ? new HttpAddressProvider(ctx.config.addressProvider, ctx.outbound.fetch) : null,
      queueVerify: async (batchId) => void (await ctx.jobs.send(VerifyPendingAddresses, { batchId }, { startAfterSeconds: 0 })),
    }),
  routes: (ctx, service) => [addressCheckRoutes(service, ctx.imports)],
  jobs: (_ctx, service) => [job(VerifyPendingAddresses, async (data) => void (await service.verifyPending(data.batchId)), { description: 'Asks the address provider about pending address check rows' })],
});
