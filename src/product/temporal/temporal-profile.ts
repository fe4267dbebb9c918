/**
 * Where and how to reach Temporal, read the way Temporal's own tools read it (`@temporalio/envconfig`):
 * the `temporal.toml` profile file (TEMPORAL_CONFIG_FILE, else ~/.config/temporalio/temporal.toml),
 * the profile TEMPORAL_PROFILE names (else `default`), and TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE,
 * TEMPORAL_API_KEY, TEMPORAL_TLS, TEMPORAL_TLS_* over it. A profile a team uses with the `temporal`
 * CLI therefore works unchanged with every sweep command and worker.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { loadClientConfigProfile, toClientOptions, type ClientConfigProfile, type ClientConfigTLS } from '@temporalio/envconfig';
import type { NativeConnectionOptions } from '@temporalio/worker';

export const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';

/** A Temporal server to connect to. `connection` carries secrets: pass it to the SDK only, never to logs or workflows. */
export interface TemporalTarget {
  address: string;
  namespace: string;
  connection: Pick<NativeConnectionOptions, 'tls' | 'apiKey' | 'metadata'>;
  /** What a person may be told about it (no secrets). */
  describe: TargetDescription;
}

export interface TargetDescription {
  /** The profile read, or undefined when no profile file had one. */
  profile: string | undefined;
  /** The profile file it came from, when one exists. */
  configFile: string | undefined;
  /** How sweep authenticates: `none`, `TLS`, `mTLS`, `API key`, `API key over mTLS`, with where the material comes from. */
  auth: string;
}

/** An error in the connection settings themselves (a missing profile, an unreadable certificate): exit 2, not 4. */
export class TemporalSettingsError extends Error {}

/** Reads the connection settings from `env` (and the profile file it points to). */
export function loadTemporalTarget(env: NodeJS.ProcessEnv = process.env): TemporalTarget {
  const vars = definedVars(env);
  const profileName = vars.TEMPORAL_PROFILE;
  let profile: ClientConfigProfile;
  try {
    profile = loadClientConfigProfile({ profile: profileName, overrideEnvVars: vars });
  } catch (error) {
    throw new TemporalSettingsError(`Temporal profile${profileName ? ` "${profileName}"` : ''} (${configFileOf(vars) ?? 'no profile file'}): ${(error as Error).message}`);
  }
  let options: ReturnType<typeof toClientOptions>;
  try {
    options = toClientOptions(profile);
  } catch (error) {
    // A certificate or key path that cannot be read: name the setting, not the file's content.
    throw new TemporalSettingsError(`Temporal TLS settings: ${(error as Error).message}`);
  }
  const { address, ...connection } = options.connectionOptions;
  return {
    address: address ?? DEFAULT_TEMPORAL_ADDRESS,
    namespace: options.namespace ?? 'default',
    connection,
    describe: describeTarget(profileName, configFileOf(vars), profile),
  };
}

/** A target at `address` with no TLS and no key: the dev servers sweep starts itself. */
export function plainTarget(address: string, namespace = 'default'): TemporalTarget {
  return { address, namespace, connection: {}, describe: { profile: undefined, configFile: undefined, auth: 'none' } };
}

function describeTarget(profileName: string | undefined, file: string | undefined, profile: ClientConfigProfile): TargetDescription {
  const configFile = file !== undefined && existsSync(file) ? file : undefined;
  return { profile: configFile ? (profileName ?? 'default') : undefined, configFile, auth: authOf(profile) };
}

/** One line for people: the profile and the kind of auth, never a key. */
export function describeConnectionSettings(target: TemporalTarget): string {
  const { profile, configFile, auth } = target.describe;
  return `${profile ? `profile ${profile} from ${configFile}` : 'no profile file'}, auth ${auth}`;
}

function authOf(profile: ClientConfigProfile): string {
  const tls = profile.tls;
  const tlsOn = tls !== undefined && tls.disabled !== true;
  const mtls = tlsOn && tls.clientCert !== undefined && tls.clientKey !== undefined;
  const parts: string[] = [];
  if (profile.apiKey !== undefined) parts.push('API key');
  if (mtls) parts.push(`mTLS (client certificate ${sourceOf(tls.clientCert)})`);
  else if (tlsOn || profile.apiKey !== undefined) parts.push('TLS');
  if (tlsOn && tls.serverCACert !== undefined) parts.push(`server CA ${sourceOf(tls.serverCACert)}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

const sourceOf = (source: ClientConfigTLS['clientCert']) => (source && 'path' in source ? source.path : 'given inline');

function configFileOf(vars: Record<string, string>): string | undefined {
  if (vars.TEMPORAL_CONFIG_FILE) return vars.TEMPORAL_CONFIG_FILE;
  const home = vars.HOME ?? homedir();
  const configDir = vars.XDG_CONFIG_HOME ?? (home ? join(home, '.config') : undefined);
  return configDir === undefined ? undefined : join(configDir, 'temporalio', 'temporal.toml');
}

/** envconfig reads a variable that is set but empty as a value; a shell's `X= cmd` means "unset" to sweep. */
function definedVars(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}
