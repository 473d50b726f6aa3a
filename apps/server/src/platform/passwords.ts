import { hash, verify } from '@node-rs/argon2';

// OWASP ASVS: argon2id, m = 19456 KiB, t = 2, p = 1.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-Aa1!'));

/**
 * Besides SPEC §5's composition rule, a password must not be a common one. The
 * list is the maintained zxcvbn-ts "passwords-common" dictionary (about 49,000 entries from public
 * breach corpora), loaded on the server only, on first use. A password counts as common when, in
 * lower case, it is on the list, or its core is: the letters left after dropping the digits and
 * symbols people add at either end to satisfy a composition rule (`Password123!` → `password`),
 * also read with the usual look-alike substitutions undone (`P@ssw0rd!` → `password`).
 */
let common: Promise<Set<string>> | undefined;
const loadCommon = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set((dictionary as Record<string, string[]>)['passwords-common'] ?? [])));

const LOOK_ALIKES: Record<string, string> = { '@': 'a', '4': 'a', '8': 'b', '3': 'e', '1': 'i', '!': 'i', '0': 'o', '$': 's', '5': 's', '7': 't' };
const unLeet = (s: string) => s.replace(/[@483!10$57]/g, (c) => LOOK_ALIKES[c]!);

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await loadCommon();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const candidates = [unLeet(lower)];
  if (core.length >= 4) candidates.push(core, unLeet(core));
  return candidates.some((c) => list.has(c));
}
