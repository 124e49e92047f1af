import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./admin-login";

/**
 * Password hashes are self-describing strings, so the cost can be raised later without breaking
 * old hashes: `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`.
 * N=2^14, r=8, p=5 is one of OWASP's recommended scrypt settings (16 MiB per hash).
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 5 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Only tests pass cheaper params (to make fixtures fast); real accounts use the default. */
export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/** True when the password matches; false for a wrong password or a malformed hash string. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  if (N > 2 ** 18 || r > 16 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false;
  try {
    return timingSafeEqual(await derive(password, salt, { N, r, p }), expected);
  } catch {
    return false; // parameters scrypt refuses (N not a power of two)
  }
}

/**
 * The hash of a random password nobody kept, made with the default parameters. Checking against
 * it costs what a real check costs, so unknown emails take as long as wrong passwords.
 */
export const DUMMY_HASH =
  "scrypt$16384$8$5$H6Djj-_RR_AJnTg2RzrN8w$nsqEMhGldOuYZr6Ap8UK81zZCBtYyfnUuJRg11lGPIx37D9JT75IsGqPacWn6wjtxMJhyai2TZT6-6jc8A7xzw";

/** Spends the work of a real check and always fails (for unknown emails). */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  return null;
}
