/**
 * Where the planning service is and how to log in: from environment variables, or a credentials
 * file (never from the command line, where other users of the machine could read them, and never
 * through workflow inputs, which Temporal stores in histories).
 *
 *   SWEEP_SERVICE_URL, SWEEP_SERVICE_EMAIL, SWEEP_SERVICE_PASSWORD, SWEEP_SERVICE_PATHS (spec|deployed)
 *   SWEEP_CREDENTIALS_FILE (default ~/.config/sweep/credentials.json): {"baseUrl", "email", "password", "paths"}
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { ClientOptions, Credentials } from './client-options.js';

const CredentialsFile = z.object({
  baseUrl: z.url({ error: 'must be the service address, e.g. https://eu-north-1-api.sympheny.com' }),
  email: z.string().min(1, { error: 'must not be empty' }),
  password: z.string().min(1, { error: 'must not be empty' }),
  paths: z.enum(['spec', 'deployed']).optional(),
});

export interface ServiceConfig {
  baseUrl: string;
  credentials: Credentials;
  paths: 'spec' | 'deployed';
  /** Where the configuration came from, for messages (never the secret itself). */
  source: string;
}

export function credentialsFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.SWEEP_CREDENTIALS_FILE ?? join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'sweep', 'credentials.json');
}

/** The service configuration, or an error saying what is missing and where to put it. */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const paths = env.SWEEP_SERVICE_PATHS === 'deployed' ? 'deployed' : 'spec';
  if (env.SWEEP_SERVICE_URL && env.SWEEP_SERVICE_EMAIL && env.SWEEP_SERVICE_PASSWORD) {
    return {
      baseUrl: env.SWEEP_SERVICE_URL, paths, source: 'environment (SWEEP_SERVICE_*)',
      credentials: { email: env.SWEEP_SERVICE_EMAIL, password: env.SWEEP_SERVICE_PASSWORD },
    };
  }
  const file = credentialsFilePath(env);
  if (!existsSync(file)) {
    throw new Error(`no planning-service configuration: set SWEEP_SERVICE_URL, SWEEP_SERVICE_EMAIL and SWEEP_SERVICE_PASSWORD, or write ${file} as {"baseUrl", "email", "password"}`);
  }
  const text = readFileSync(file, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // JSON.parse's own message quotes the text around the fault, which may be the password: only where it is.
    const at = /at position (\d+)/.exec(error.message);
    const where = at ? ` (${lineAndColumn(text, Number(at[1]))})` : /end of JSON/i.test(error.message) ? ' (it ends early)' : '';
    throw new Error(`${file} is not valid JSON${where}: expected {"baseUrl": "https://…", "email": "…", "password": "…", "paths": "spec"|"deployed"}`);
  }
  const parsed = CredentialsFile.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.path.includes('password') ? 'invalid' : i.message}`).join('; ')}`);
  }
  return { baseUrl: parsed.data.baseUrl, paths: parsed.data.paths ?? paths, credentials: { email: parsed.data.email, password: parsed.data.password }, source: file };
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** Client options of a configuration. */
export function clientOptions(config: ServiceConfig, extra: Partial<ClientOptions> = {}): ClientOptions {
  return { baseUrl: config.baseUrl, paths: config.paths, credentials: config.credentials, ...extra };
}
