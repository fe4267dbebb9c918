/**
 * The demo account of the local service: a password generated on the first run and kept in the
 * data directory (readable by the owner only), so it is never in the repository or on a command line.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function demoCredentials(dataDir: string): { email: string; password: string } {
  const file = join(dataDir, 'demo-account.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  // The service refuses a data directory others can reach: it holds the token secret and every account's files.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const account = { email: 'demo@sweep.local', password: randomBytes(18).toString('base64url') };
  writeFileSync(file, JSON.stringify(account), { mode: 0o600 });
  return account;
}

/** A credentials file (the format `sweep doctor` and `sweep worker` read) for the demo account at `baseUrl`; answers its path. */
export function writeDemoCredentialsFile(dataDir: string, baseUrl: string, account: { email: string; password: string }): string {
  const file = join(dataDir, 'demo-credentials.json');
  writeFileSync(file, `${JSON.stringify({ baseUrl, email: account.email, password: account.password, paths: 'spec' }, null, 2)}\n`, { mode: 0o600 });
  return file;
}
