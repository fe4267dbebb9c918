/**
 * Accounts and bearer tokens: scrypt password hashes, HS256 tokens signed with a secret kept in
 * the data directory (so tokens survive a restart), revocation by token or by account, and a
 * limiter that answers bursts of failed logins with 429 and Retry-After.
 */
import { createHmac, randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.js';
import { tooManyRequests, unauthorized } from './http/errors.js';
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

export interface LoginLimits {
  /** Failed logins of one email within the window before it is refused. */
  maxFailures: number;
  /** Login attempts from one address within the window before it is refused. */
  maxAttempts: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { maxFailures: 5, maxAttempts: 30, windowMs: 60_000 };

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

/** Sliding windows of timestamps per key, kept in memory: limits need not survive a restart. */
class Windows {
  private readonly events = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  recent(key: string, now: number): number[] {
    const kept = (this.events.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length) this.events.set(key, kept);
    else this.events.delete(key);
    return kept;
  }
  add(key: string, now: number): void {
    this.events.set(key, [...this.recent(key, now), now]);
  }
  clear(key: string): void {
    this.events.delete(key);
  }
  /** Seconds until the oldest event leaves the window. */
  retryAfter(key: string, now: number): number {
    const [oldest] = this.recent(key, now);
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }
}

export class Auth {
  private readonly secret: Buffer;
  private readonly failures: Windows;
  private readonly attempts: Windows;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly tokenTtlSeconds: number,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    let secret = store.meta('token-secret');
    if (!secret) {
      secret = randomBytes(32).toString('base64');
      store.setMeta('token-secret', secret);
    }
    this.secret = Buffer.from(secret, 'base64');
    this.failures = new Windows(limits.windowMs);
    this.attempts = new Windows(limits.windowMs);
  }

  /** Checks credentials and issues a token; refuses bursts with 429 before checking anything. */
  login(email: string, password: string, address: string): { token: string; expiresIn: number } {
    const now = this.clock.now();
    const emailKey = email.toLowerCase();
    if (this.failures.recent(emailKey, now).length >= this.limits.maxFailures) {
      throw tooManyRequests('Too many failed login attempts; try again later', this.failures.retryAfter(emailKey, now));
    }
    if (this.attempts.recent(address, now).length >= this.limits.maxAttempts) {
      throw tooManyRequests('Too many login attempts; reuse your token until it expires', this.attempts.retryAfter(address, now));
    }
    this.attempts.add(address, now);
    const account = this.store.accountByEmail(email);
    if (!account || !verifyPassword(password, account.passwordHash)) {
      this.failures.add(emailKey, now);
      throw unauthorized('Wrong email or password');
    }
    this.failures.clear(emailKey);
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
