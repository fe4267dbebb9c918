/**
 * Throttling of password guesses. Failures are counted per client address and account, so that a
 * guesser slows down only itself: the account's owner, logging in from elsewhere, is never refused
 * because of someone else's failures (a lock-out per account would let anyone lock anyone out
 * with five wrong passwords). Past a few failures each further one doubles the address's wait for
 * that account, up to a cap; a coarser count per address over all accounts stops one address from
 * spraying guesses across many accounts. A waiting address is refused before its password is
 * checked, so a wait is no oracle. Kept in memory: throttling need not survive a restart.
 */
import { isIP } from 'node:net';

export interface LoginLimits {
  /** Failed logins of one account from one address answered at once; each further one must wait. */
  maxFailures: number;
  /** Failed logins from one address over all accounts answered at once; each further one must wait. */
  maxAddressFailures: number;
  /** The first wait; it doubles with every further failure. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** Failures are forgotten once the address has been quiet this long (and is not waiting). */
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  maxFailures: 5, maxAddressFailures: 30, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, windowMs: 60 * 60_000,
};

/** Failures recorded between sweeps of stale keys; keys kept at most, whatever happens (oldest dropped first). */
const SWEEP_EVERY = 10_000;
const MAX_KEYS = 200_000;

interface Failures {
  count: number;
  last: number;
}

/**
 * The address a client is counted under: IPv4-mapped IPv6 as IPv4, and other IPv6 addresses by
 * their /64 prefix (one host usually holds a whole /64, and could otherwise change address per guess).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export class LoginLimiter {
  private readonly pairs = new Map<string, Failures>();
  private readonly addresses = new Map<string, Failures>();
  private sinceSweep = 0;

  constructor(private readonly limits: LoginLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isFinite(value) || value < 0) throw new Error(`loginLimits.${name}: must be a finite number ≥ 0 (got ${value})`);
    }
  }

  /** Milliseconds `address` must still wait before it may try `email` again (0: it may try now). */
  waitMs(address: string, email: string, now: number): number {
    const key = clientKey(address);
    const pair = this.current(this.pairs, pairKey(key, email), this.limits.maxFailures, now);
    const all = this.current(this.addresses, key, this.limits.maxAddressFailures, now);
    const until = Math.max(this.until(pair, this.limits.maxFailures), this.until(all, this.limits.maxAddressFailures));
    return Math.max(0, until - now);
  }

  failed(address: string, email: string, now: number): void {
    const key = clientKey(address);
    this.count(this.pairs, pairKey(key, email), this.limits.maxFailures, now);
    this.count(this.addresses, key, this.limits.maxAddressFailures, now);
  }

  /**
   * The address knows the account's password: its failures for that account are forgiven. Not its
   * failures over all accounts, or one account of its own would let an address spray without end.
   */
  succeeded(address: string, email: string): void {
    this.pairs.delete(pairKey(clientKey(address), email));
  }

  /** When the wait after these failures ends (0 while there is none). */
  private until(failures: Failures | undefined, free: number): number {
    if (!failures || failures.count < free) return 0;
    const doublings = Math.min(failures.count - free, 40);
    return failures.last + Math.min(this.limits.maxDelayMs, this.limits.baseDelayMs * 2 ** doublings);
  }

  /** The failures under `key`, forgotten (and dropped) once quiet for the window and no longer waiting. */
  private current(map: Map<string, Failures>, key: string, free: number, now: number): Failures | undefined {
    const failures = map.get(key);
    if (failures && this.stale(failures, free, now)) {
      map.delete(key);
      return undefined;
    }
    return failures;
  }

  private stale(failures: Failures, free: number, now: number): boolean {
    return now - failures.last >= this.limits.windowMs && now >= this.until(failures, free);
  }

  private count(map: Map<string, Failures>, key: string, free: number, now: number): void {
    const previous = this.current(map, key, free, now);
    // Deleted and set again, so the map's order is the order of last failure (the oldest are dropped first).
    map.delete(key);
    map.set(key, { count: (previous?.count ?? 0) + 1, last: now });
    if (++this.sinceSweep >= SWEEP_EVERY) this.sweep(now);
    for (const k of map.keys()) {
      if (map.size <= MAX_KEYS) break;
      map.delete(k);
    }
  }

  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [map, free] of [[this.pairs, this.limits.maxFailures], [this.addresses, this.limits.maxAddressFailures]] as const) {
      for (const [key, failures] of map) if (this.stale(failures, free, now)) map.delete(key);
    }
  }
}

const pairKey = (addressKey: string, email: string) => `${addressKey}\n${email.toLowerCase()}`;
