import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x": must start with postgres/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL="http:\/\/mail": must start with smtp/],
    [{ APP_URL: 'localhost' }, /APP_URL="localhost": must be a full URL/],
    [{ SEED_ADMIN_PASSWORD: 'short' }, /SEED_ADMIN_PASSWORD="short": must have at least 12 characters/],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
