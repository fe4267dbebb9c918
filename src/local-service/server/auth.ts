/**
 * Accounts and bearer tokens: scrypt password hashes, HS256 tokens signed with a secret kept in
 * the data directory (so tokens survive a restart), revocation by token or by account, and
 * throttling of password guesses per client address (login-limiter.ts), answered 429 with
 * Retry-After to the guessing address alone.
 */
import { createHmac, randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.js';
import { tooManyRequests, unauthorized } from './http/errors.js';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './login-limiter.js';
import type { Account, Store } from './store/store.js';

export interface TokenClaims {
  sub: string;
  email: string;
  iat: number;
  exp: number;
  jti: string;
  /** The account's token generation when issued; revoking an account's tokens moves it on. */
  gen: number;
}

export { DEFAULT_LOGIN_LIMITS, type LoginLimits };

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Checked when the email is unknown, so that an unknown account takes as long to refuse as a wrong password. */
let decoyHash: string | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('base64')));

export class Auth {
  private readonly secret: Buffer;
  private readonly limiter: LoginLimiter;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly tokenTtlSeconds: number,
    limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    let secret = store.meta('token-secret');
    if (!secret) {
      secret = randomBytes(32).toString('base64');
      store.setMeta('token-secret', secret);
    }
    this.secret = Buffer.from(secret, 'base64');
    this.limiter = new LoginLimiter(limits);
  }

  /**
   * Checks credentials from the client at `address` and issues a token. An address that must wait
   * after its failed guesses is answered 429 before its password is checked; nobody else waits.
   */
  login(email: string, password: string, address: string): { token: string; expiresIn: number } {
    const now = this.clock.now();
    const waitMs = this.limiter.waitMs(address, email, now);
    if (waitMs > 0) {
      throw tooManyRequests('Too many failed logins from this address; wait before trying again', Math.max(1, Math.ceil(waitMs / 1000)));
    }
    const account = this.store.accountByEmail(email);
    const matches = verifyPassword(password, account?.passwordHash ?? decoy());
    if (!account || !matches) {
      this.limiter.failed(address, email, now);
      throw unauthorized('Wrong email or password');
    }
    this.limiter.succeeded(address, email);
    return { token: this.sign(account, now), expiresIn: this.tokenTtlSeconds };
  }

  private sign(account: Account, now: number): string {
    const iat = Math.floor(now / 1000);
    const claims: TokenClaims = {
      sub: account.id, email: account.email, iat, exp: iat + this.tokenTtlSeconds, jti: randomUUID(), gen: this.generation(account.id),
    };
    const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
    return `${head}.${createHmac('sha256', this.secret).update(head).digest('base64url')}`;
  }

  /** The account of a bearer token; 401 if missing, malformed, badly signed, expired or revoked. */
  authenticate(authorization: string | undefined): { account: Account; claims: TokenClaims } {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw unauthorized('Not authenticated');
    const parts = match[1].split('.');
    if (parts.length !== 3) throw unauthorized('Malformed token');
    const expected = createHmac('sha256', this.secret).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2], 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized('Invalid token');
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      throw unauthorized('Malformed token');
    }
    const nowSeconds = this.clock.now() / 1000;
    if (!(claims.exp > nowSeconds)) throw unauthorized('Token expired');
    if (this.store.isRevoked(claims.jti)) throw unauthorized('Token revoked');
    const account = this.store.accountById(claims.sub);
    if (!account) throw unauthorized('Unknown account');
    if (claims.gen !== this.generation(account.id)) throw unauthorized('Token revoked');
    return { account, claims };
  }

  private generation(accountId: string): number {
    return Number(this.store.meta(`token-generation:${accountId}`) ?? 0);
  }

  /** Revokes every token of an account issued so far (an admin action). */
  revokeAccountTokens(email: string): boolean {
    const account = this.store.accountByEmail(email);
    if (!account) return false;
    this.store.setMeta(`token-generation:${account.id}`, String(this.generation(account.id) + 1));
    return true;
  }

  revokeToken(claims: TokenClaims): void {
    this.store.revokeToken(claims.jti, claims.exp * 1000);
  }
}
