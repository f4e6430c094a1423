/** Password hashing with node:crypto's scrypt (N=16384, r=8, p=1, 16-byte salt, 64-byte key). */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const KEY_BYTES = 64;

function derive(password: string, salt: Buffer, n: number): Promise<Buffer> {
  return new Promise((done, fail) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r: 8, p: 1 }, (e, key) =>
      e ? fail(e) : done(key),
    ),
  );
}

/** `scrypt$N$salt$key` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N);
  return `scrypt$${N}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
