/**
 * Holds the bearer token: one login shared by concurrent callers, the token reused until shortly
 * before it expires, and dropped when the service rejects it so the next caller logs in afresh.
 */

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export class TokenManager {
  private current: { token: string; refreshAt: number } | undefined;
  private inflight: Promise<string> | undefined;
  /** Logins performed; the tests read it to show that logins are shared. */
  logins = 0;

  constructor(
    private readonly login: () => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A valid token: the cached one, the one a login in flight will bring, or a fresh login. */
  async token(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return this.current.token;
    this.inflight ??= this.fetch().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  /**
   * Forgets `token` after the service refused it. Only that token: a caller whose old token failed
   * while another caller already logged in again must not throw the new one away.
   */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async fetch(): Promise<string> {
    const issuedAt = this.now();
    const { accessToken, expiresInSeconds } = await this.login();
    this.logins++;
    // Renew a little early (10 % of the lifetime, at most a minute) so no call carries a token
    // that expires on its way.
    const margin = Math.min(60_000, expiresInSeconds * 100);
    this.current = { token: accessToken, refreshAt: issuedAt + expiresInSeconds * 1000 - margin };
    return accessToken;
  }
}
