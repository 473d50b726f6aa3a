import { eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CarrierConnection, FieldError } from '@exship/contracts';
import { mayCancelTrackingByApi } from '@exship/domain';
import type { Db } from '../../../platform/db';
import { AppError, fieldError } from '../../../platform/errors';
import { isSealedWithCurrent, openSecret, sealSecret, SecretUnreadableError, type SecretKeyring } from '../../../platform/secrets';
import { carrierConnections } from '../shipping.tables';
import { secretNames, settingsSchema, type CarrierContext, type CarrierPlugin } from './plugin';
import { adapterOf, type CarrierRegistry } from './registry';
import { CarrierError, type CarrierAdapter } from './types';

// A carrier's stored connection: the plugin id, its non-secret settings (jsonb) and its secret
// settings as one sealed JSON object. Secrets leave this file only towards the plugin's adapter:
// replies say whether each is set and, for a long one, its last 4 characters.

export type ConnectionRow = typeof carrierConnections.$inferSelect;

/** Written by the migration from the old plaintext column; sealed at the next start. */
const LEGACY_PLAIN = 'plain:';

export function openSecrets(ring: SecretKeyring, stored: string): Record<string, string> {
  if (!stored) return {};
  const json = stored.startsWith(LEGACY_PLAIN) ? stored.slice(LEGACY_PLAIN.length) : openSecret(ring, stored);
  const parsed = JSON.parse(json) as unknown;
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

export const sealSecrets = (ring: SecretKeyring, values: Record<string, string>): string => (Object.keys(values).length ? sealSecret(ring, JSON.stringify(values)) : '');

/** `••••` and the last 4 characters of a secret long enough for them not to give it away. */
const hintOf = (secret: string) => (secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••');

export function createConnectionStore(deps: { registry: CarrierRegistry; keyring: SecretKeyring; context: CarrierContext }) {
  const { registry, keyring } = deps;

  /** The adapter of a carrier's stored connection; none stored: the sandbox. */
  function adapter(row: ConnectionRow | undefined): CarrierAdapter {
    const id = row?.plugin ?? 'sandbox';
    const plugin = registry.get(id);
    if (!plugin) {
      const missing = async (): Promise<never> => {
        throw new CarrierError('rejected', `the carrier plugin "${id}" is not installed`);
      };
      return { kind: id, buyLabel: missing, voidLabel: missing, track: missing };
    }
    let secrets: Record<string, string>;
    try {
      secrets = openSecrets(keyring, row?.secrets ?? '');
    } catch (err) {
      const why = err instanceof SecretUnreadableError ? err.message : 'a stored secret cannot be read';
      const refused = async (): Promise<never> => {
        throw new CarrierError('rejected', why);
      };
      return { kind: id, buyLabel: refused, voidLabel: refused, track: refused };
    }
    return adapterOf(plugin, { ...(row?.settings ?? {}), ...secrets }, deps.context);
  }

  function view(carrier: { id: string; code: string }, row: ConnectionRow | undefined): CarrierConnection {
    const id = row?.plugin ?? 'sandbox';
    const plugin = registry.get(id);
    const secretFields = plugin ? secretNames(plugin) : [];
    let secrets: Record<string, string> = {};
    let unreadable = false;
    try {
      secrets = openSecrets(keyring, row?.secrets ?? '');
    } catch {
      unreadable = true;
    }
    const stored = row?.settings ?? {};
    const settings: Record<string, string | number> = {};
    for (const [name, spec] of Object.entries(plugin?.settings ?? {})) {
      if (spec.kind === 'secret') continue;
      const v = stored[name] ?? spec.default;
      if (typeof v === 'string' || typeof v === 'number') settings[name] = v;
    }
    return {
      carrierId: carrier.id,
      carrierCode: carrier.code,
      plugin: id,
      settings,
      // The plugin's secret fields, and any other stored one: a form switching plugins sees it kept.
      secrets: Object.fromEntries(
        [...new Set([...secretFields, ...Object.keys(secrets)])].map((name) => {
          const value = secrets[name];
          return [name, value ? { set: true, hint: hintOf(value) } : { set: unreadable && Boolean(row?.secrets), hint: '' }];
        }),
      ),
      // SPEC §5 names the carrier codes; the plugin must also be able to ask its carrier.
      cancelByApi: mayCancelTrackingByApi(carrier.code) && (plugin?.capabilities.trackingCancel.normal ?? false),
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  /**
   * The row to store for a connection form: the plugin's schema checks every field (errors name
   * `settings.<field>`); a secret left out or empty keeps the stored one; settings and secrets of
   * fields the plugin does not have are kept (switching back to a plugin finds them again).
   */
  function prepare(body: { plugin: string; settings: Record<string, unknown> }, existing: ConnectionRow | undefined): Pick<ConnectionRow, 'plugin' | 'settings' | 'secrets'> {
    const plugin: CarrierPlugin | undefined = registry.get(body.plugin);
    if (!plugin) throw fieldError('plugin', 'validation.invalid');
    let kept: Record<string, string> = {};
    try {
      kept = openSecrets(keyring, existing?.secrets ?? '');
    } catch {
      // Sealed under a key no longer configured: the form must give the secrets again.
    }
    const secretFields = new Set(secretNames(plugin));
    const input: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(body.settings)) if (!secretFields.has(name) || (typeof v === 'string' && v !== '')) input[name] = v;
    for (const name of secretFields) if (input[name] === undefined && kept[name]) input[name] = kept[name];
    const parsed = settingsSchema(plugin).safeParse(input);
    if (!parsed.success) {
      const errors: FieldError[] = parsed.error.issues.map((i) => ({ field: ['settings', ...i.path.map(String)].join('.'), message: i.message.startsWith('validation.') ? i.message : 'validation.invalid' }));
      throw new AppError('VALIDATION_FAILED', 400, { errors });
    }
    const settings: Record<string, unknown> = { ...(existing?.settings ?? {}) };
    const secrets: Record<string, string> = { ...kept };
    for (const [name, v] of Object.entries(parsed.data)) {
      if (secretFields.has(name)) {
        if (typeof v === 'string' && v !== '') secrets[name] = v;
      } else settings[name] = v;
    }
    return { plugin: plugin.id, settings, secrets: sealSecrets(keyring, secrets) };
  }

  /**
   * At start: seals what the migration left in plain text and re-seals values sealed with a
   * previous key, so a key can be retired once every value opens with the current one.
   */
  async function sealStored(db: Db, log?: FastifyBaseLogger): Promise<number> {
    const rows = await db.select({ carrierId: carrierConnections.carrierId, secrets: carrierConnections.secrets }).from(carrierConnections).where(ne(carrierConnections.secrets, ''));
    let sealed = 0;
    for (const r of rows) {
      if (isSealedWithCurrent(keyring, r.secrets)) continue;
      try {
        await db.update(carrierConnections).set({ secrets: sealSecrets(keyring, openSecrets(keyring, r.secrets)) }).where(eq(carrierConnections.carrierId, r.carrierId));
        sealed++;
      } catch (err) {
        log?.warn(`carrier connection ${r.carrierId}: ${(err as Error).message}`);
      }
    }
    if (sealed) log?.info(`Sealed the secrets of ${sealed} carrier connection(s) with the current CARRIER_SECRETS_KEY`);
    return sealed;
  }

  return { adapter, view, prepare, sealStored };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
