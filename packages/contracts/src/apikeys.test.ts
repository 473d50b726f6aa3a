import { describe, expect, it } from 'vitest';
import { API_KEY_GROUPS, apiKeyExpiresAt, apiKeyGroupsFor } from './apikeys';

describe('API key expiry (SPEC §9)', () => {
  const at = new Date('2025-01-31T10:20:30.000Z');
  it.each([
    ['1d', '2025-02-01T10:20:30.000Z'],
    // Calendar months, the day clamped to the month's last.
    ['1m', '2025-02-28T10:20:30.000Z'],
    ['3m', '2025-04-30T10:20:30.000Z'],
    ['6m', '2025-07-31T10:20:30.000Z'],
    ['1y', '2026-01-31T10:20:30.000Z'],
  ] as const)('%s from 31 Jan 2025 10:20:30 UTC ends at %s', (expiry, end) => {
    expect(apiKeyExpiresAt(expiry, at)?.toISOString()).toBe(end);
  });
  it('none never ends; a leap year keeps 29 Feb', () => {
    expect(apiKeyExpiresAt('none', at)).toBeNull();
    expect(apiKeyExpiresAt('1m', new Date('2024-01-30T00:00:00Z'))?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(apiKeyExpiresAt('1y', new Date('2024-02-29T00:00:00Z'))?.toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });
});

describe('API key scope groups', () => {
  it('are the permission resources, without the API key group itself', () => {
    expect(API_KEY_GROUPS.map((g) => g.resource)).toContain('RS-ORDER');
    expect(API_KEY_GROUPS.map((g) => g.resource)).not.toContain('RS-API-KEY');
  });
  it('a holder is offered the groups where it holds a code', () => {
    expect(apiKeyGroupsFor(['EX-ORDER-LIST', 'EX-QUOTE', 'EX-API-KEY-GENERATE']).map((g) => g.resource)).toEqual(['RS-ORDER', 'RS-CARRIER']);
  });
});
