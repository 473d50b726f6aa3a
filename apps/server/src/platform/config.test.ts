import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults that start the product with no set-up', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.seed.adminEmail).toBe('admin@exship.local');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT="abc"/],
    [{ PORT: '70000' }, /PORT="70000"/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL=\(hidden\): must start with postgres/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL=\(hidden\): must start with smtp/],
    [{ APP_URL: 'localhost' }, /APP_URL="localhost": must be a full URL/],
    // Secrets are named, never printed.
    [{ SEED_ADMIN_PASSWORD: 'short' }, /SEED_ADMIN_PASSWORD=\(hidden\): must have at least 12 characters/],
    [{ CARRIER_SECRETS_KEY: 'too-short' }, /CARRIER_SECRETS_KEY=\(hidden\): must be 32 bytes written as 64 hex digits or as base64/],
    [{ CARRIER_SECRETS_KEY: Buffer.alloc(31, 1).toString('base64') }, /CARRIER_SECRETS_KEY=\(hidden\)/],
    [{ CARRIER_SECRETS_KEY: Buffer.alloc(32, 1).toString('hex'), CARRIER_SECRETS_PREVIOUS_KEYS: 'abc' }, /CARRIER_SECRETS_PREVIOUS_KEYS=\(hidden\)/],
    [{ RESPONSE_ENCRYPTION_KEY: 'secret' }, /RESPONSE_ENCRYPTION_KEY=\(hidden\): must be 32 bytes written as 64 hex digits or as base64/],
    [{ RESPONSE_ENCRYPTION_KEY: Buffer.alloc(16, 1).toString('base64') }, /RESPONSE_ENCRYPTION_KEY=\(hidden\)/],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads RESPONSE_ENCRYPTION_KEY as 32 bytes in hex or base64; off when unset', () => {
    expect(loadConfig({}).responseEncryptionKey).toBeUndefined();
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ RESPONSE_ENCRYPTION_KEY: key.toString('hex') }).responseEncryptionKey).toEqual(key);
    expect(loadConfig({ RESPONSE_ENCRYPTION_KEY: key.toString('base64') }).responseEncryptionKey).toEqual(key);
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8']);
    const hops = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('203.0.113.9', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    for (const bad of ['true', 'lb.internal', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY=.*: must be a hop count such as 1, or a comma-separated list/);
    }
  });

  it('reads OUTBOUND_ALLOW_HOSTS: empty by default, host:port and CIDR entries, anything else a start-up error naming it', () => {
    expect(loadConfig({}).outboundAllowHosts).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1:8080, sandbox.local:9000,10.20.0.0/16,[::1]:443' }).outboundAllowHosts).toEqual(['127.0.0.1:8080', 'sandbox.local:9000', '10.20.0.0/16', '[::1]:443']);
    for (const bad of ['127.0.0.1', 'localhost', 'http://127.0.0.1:8080', '10.0.0.0/40', 'host:99999', '127.0.0.1:8080,*']) {
      expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: bad }), bad).toThrow(/OUTBOUND_ALLOW_HOSTS=.*: must be a comma-separated list of host:port and CIDR entries/);
    }
  });

  it('reads ORDER_IMPORT_MAX_ROWS: 1000 by default, up to 10,000', () => {
    expect(loadConfig({}).orderImportMaxRows).toBe(1000);
    expect(loadConfig({ ORDER_IMPORT_MAX_ROWS: '10000' }).orderImportMaxRows).toBe(10_000);
    for (const bad of ['0', '10001', '2.5', 'many']) expect(() => loadConfig({ ORDER_IMPORT_MAX_ROWS: bad }), bad).toThrow(/ORDER_IMPORT_MAX_ROWS=/);
  });

  it('reads the top-up bank account: all three values together, a demo account outside production, none in production', () => {
    const bank = { TOPUP_BANK_NAME: 'Example Bank', TOPUP_BANK_ACCOUNT_NAME: 'EXSHIP LLC', TOPUP_BANK_ACCOUNT_NUMBER: '123456789' };
    expect(loadConfig(bank).bankTransfer).toEqual({ bankName: 'Example Bank', accountName: 'EXSHIP LLC', accountNumber: '123456789', details: '' });
    expect(loadConfig({}).bankTransfer?.accountName).toMatch(/not a real account/);
    expect(loadConfig({ NODE_ENV: 'production', SEED_ADMIN_PASSWORD: 'Prod#Passw0rd!!', CARRIER_SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' }).bankTransfer).toBeUndefined();
    expect(() => loadConfig({ TOPUP_BANK_NAME: 'Example Bank' })).toThrow(/go together/);
  });

  it('refuses E2E=1 in production (its routes read the mail outbox and move parcels back in time); elsewhere it is read', () => {
    const prod = { NODE_ENV: 'production', SEED_ADMIN_PASSWORD: 'Prod#Passw0rd!!', CARRIER_SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' };
    expect(() => loadConfig({ ...prod, E2E: '1' })).toThrow(/E2E=1 .* refused in production/);
    expect(loadConfig({ ...prod, E2E: '0' }).e2e).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', E2E: '1' }).e2e).toBe(true);
  });

  it('reads CARRIER_SECRETS_KEY (hex or base64, 32 bytes); production refuses to start without it, elsewhere a development key stands in', () => {
    const key = Buffer.alloc(32, 5);
    const hex = loadConfig({ CARRIER_SECRETS_KEY: key.toString('hex') }).carrierSecrets;
    const b64 = loadConfig({ CARRIER_SECRETS_KEY: key.toString('base64'), CARRIER_SECRETS_PREVIOUS_KEYS: Buffer.alloc(32, 6).toString('base64url') }).carrierSecrets;
    expect(hex.current.key.equals(key)).toBe(true);
    expect(hex.development).toBe(false);
    expect(b64.current.id).toBe(hex.current.id);
    expect(b64.byId.size).toBe(2);
    const dev = loadConfig({}).carrierSecrets;
    expect(dev.development).toBe(true);
    expect(dev.current.id).not.toBe(hex.current.id);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_ADMIN_PASSWORD: 'Prod#Passw0rd!!' })).toThrow(/CARRIER_SECRETS_KEY is required with NODE_ENV=production/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
