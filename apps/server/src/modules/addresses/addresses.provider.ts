import { OutboundError, type OutboundFetch } from '../../platform/outbound';
import type { AddressInput } from './addresses.checker';

// The address provider behind an adapter (docs/address-check.md "Provider API"): after the offline
// check passes, a configured provider says whether the address exists and how it is written.
// ADDRESS_PROVIDER_URL switches it on; without it address checks are offline only.

export interface NormalisedAddress {
  country: string;
  state: string;
  city: string;
  zip: string;
  address1: string;
  address2: string;
}

export type ProviderVerdict = { found: true; address: NormalisedAddress } | { found: false };

/** The provider did not answer in time, failed (5xx) or answered something unreadable. */
export class AddressProviderUnavailable extends Error {
  constructor(reason: string) {
    super(`address provider unavailable: ${reason}`);
  }
}

export interface AddressProvider {
  /** Found (with the provider's normalised address) or not found; throws AddressProviderUnavailable otherwise. */
  verify(address: AddressInput): Promise<ProviderVerdict>;
}

export interface HttpAddressProviderConfig {
  /** The provider's API base, e.g. https://address.provider.example */
  url: string;
  /** Sent as a bearer token when set. */
  apiKey?: string;
  timeoutMs: number;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The provider over HTTP: `POST {url}/v1/verify` with `{ country, state, city, zip, address1, address2 }`
 * → 200 `{ found: true, address: { country, state, city, zip, address1, address2 } }` or
 * `{ found: false }` (a 404 also means not found). A timeout, a network error, any other status or a
 * reply without a boolean `found` is "unavailable".
 */
export class HttpAddressProvider implements AddressProvider {
  /** `fetch` is the app's outbound client (platform/outbound.ts): public addresses only, no redirects, bounded reply. */
  constructor(
    private readonly config: HttpAddressProviderConfig,
    private readonly fetch: OutboundFetch,
  ) {}

  async verify(address: AddressInput): Promise<ProviderVerdict> {
    let res: Response;
    try {
      res = await this.fetch(`${this.config.url.replace(/\/$/, '')}/v1/verify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
        },
        body: JSON.stringify({ ...address, address2: address.address2 ?? '' }),
        timeoutMs: this.config.timeoutMs,
      });
    } catch (err) {
      throw new AddressProviderUnavailable(err instanceof OutboundError ? err.kind : 'network');
    }
    if (res.status === 404) return { found: false };
    if (!res.ok) throw new AddressProviderUnavailable(`status ${res.status}`);
    const body = (await res.json().catch(() => null)) as { found?: unknown; address?: Record<string, unknown> } | null;
    if (typeof body?.found !== 'boolean') throw new AddressProviderUnavailable('unreadable reply');
    if (!body.found) return { found: false };
    const a = body.address ?? {};
    return {
      found: true,
      address: { country: text(a.country), state: text(a.state), city: text(a.city), zip: text(a.zip), address1: text(a.address1), address2: text(a.address2) },
    };
  }
}
