import { hash, verify } from '@node-rs/argon2';

// The library's default algorithm is Argon2id (its const enum cannot be imported here).
const options = {} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verifying against this when no account matches keeps the answer time the same either way.
const decoy = hash('kinfolio-decoy-password', options);

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  try {
    if (passwordHash === null) {
      await verify(await decoy, password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
