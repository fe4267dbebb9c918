/**
 * `sweep doctor`: checks, in order, what a study needs before one is started (the configuration,
 * Temporal, the planning service, the login, the account's usage) and says for each what it found,
 * or what is wrong and what to do about it. A check whose premise failed is reported as skipped.
 */
import { Command, InvalidArgumentError } from 'commander';
import { Agent, request } from 'undici';
import { DEPLOYED_PREFIXES, SPEC_PREFIXES } from '../../../wire/contract/index.js';
import { loadServiceConfig, type ServiceConfig } from '../../../wire/client/config.js';
import {
  AuthenticationError, ConnectionError, NotFoundError, PermissionDeniedError, PlanningClient, RateLimitError,
  ServiceError, TimeoutError,
} from '../../../wire/client/index.js';
import { connectWithRetry } from '../../temporal/connection.js';
import { credentialRefusal } from '../../temporal/connection-refusal.js';
import { describeConnectionSettings, loadTemporalTarget, type TemporalTarget } from '../../temporal/temporal-profile.js';
import { EXIT } from '../study-handle.js';

type Outcome =
  | { state: 'ok'; detail: string }
  | { state: 'failed'; detail: string; code: number }
  | { state: 'skipped'; detail: string };

const ok = (detail: string): Outcome => ({ state: 'ok', detail });
const failed = (code: number, detail: string): Outcome => ({ state: 'failed', detail, code });
const skipped = (detail: string): Outcome => ({ state: 'skipped', detail });

const SERVICE_ENV = ['SWEEP_SERVICE_URL', 'SWEEP_SERVICE_EMAIL', 'SWEEP_SERVICE_PASSWORD'] as const;
// The solver family's usage endpoint: it answers 401 to a request without a login where the path
// family is served, and 404 where it is not, so it tells the two apart before any login.
const PROBE_PATH = '/solver/jobs/usage';

/** Where the fix goes, for messages: the variable or the file the configuration came from. */
function whereToFix(config: ServiceConfig, what: 'paths' | 'credentials' | 'url'): string {
  const fromEnv = config.source.startsWith('environment');
  if (what === 'paths') return fromEnv ? 'SWEEP_SERVICE_PATHS' : `"paths" in ${config.source} (or SWEEP_SERVICE_PATHS)`;
  if (what === 'url') return fromEnv ? 'SWEEP_SERVICE_URL' : `"baseUrl" in ${config.source}`;
  return fromEnv ? 'SWEEP_SERVICE_EMAIL and SWEEP_SERVICE_PASSWORD' : `"email" and "password" in ${config.source}`;
}

/** Line and column of a character offset, as an editor counts them. */
export function checkConfiguration(env: NodeJS.ProcessEnv): { outcome: Outcome; config?: ServiceConfig } {
  const paths = env.SWEEP_SERVICE_PATHS;
  if (paths !== undefined && paths !== 'spec' && paths !== 'deployed') {
    return { outcome: failed(EXIT.badInput, `SWEEP_SERVICE_PATHS is "${paths}": it must be spec (the specification's paths) or deployed (the deployed service's)`) };
  }
  const set = SERVICE_ENV.filter((name) => env[name]);
  const partly = set.length > 0 && set.length < SERVICE_ENV.length
    ? `${SERVICE_ENV.filter((name) => !env[name]).join(' and ')} not set (only ${set.join(', ')}), so the environment is not used`
    : undefined;
  let config: ServiceConfig;
  try {
    config = loadServiceConfig(env);
  } catch (error) {
    const why = (error as Error).message;
    return { outcome: failed(EXIT.badInput, partly ? `${partly}; ${why}` : why) };
  }
  let url: URL | undefined;
  try {
    url = new URL(config.baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return { outcome: failed(EXIT.badInput, `${whereToFix(config, 'url')} is "${config.baseUrl}": it must be an http(s) address, e.g. https://eu-north-1-api.sympheny.com`) };
  }
  const note = partly && !config.source.startsWith('environment') ? ` (${partly})` : '';
  return {
    outcome: ok(`from ${config.source}: ${config.baseUrl}, paths ${config.paths}, as ${config.credentials.email}${note}`),
    config,
  };
}

export async function checkTemporal(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Outcome> {
  let target: TemporalTarget;
  try {
    target = loadTemporalTarget(env);
  } catch (error) {
    return failed(EXIT.badInput, (error as Error).message);
  }
  const { address, namespace } = target;
  // Which profile and which kind of auth, never the key or a private key.
  const how = describeConnectionSettings(target);
  let connection;
  try {
    connection = await connectWithRetry(target, { timeoutMs });
  } catch (error) {
    return failed(EXIT.unreachable, `${(error as Error).message} [${how}]`);
  }
  try {
    await connection.withDeadline(Date.now() + timeoutMs, () => connection.workflowService.describeNamespace({ namespace }));
    return ok(`${address}, namespace ${namespace}; ${how}`);
  } catch (error) {
    // gRPC NOT_FOUND
    if ((error as { code?: number }).code === 5) {
      return failed(EXIT.badInput, `the Temporal server at ${address} has no namespace "${namespace}": set TEMPORAL_NAMESPACE to one it has (or create it)`);
    }
    const refusal = credentialRefusal(error, address);
    if (refusal) return failed(EXIT.unreachable, `${refusal.message} [${how}]`);
    return failed(EXIT.unreachable, `the Temporal server at ${address} did not describe namespace "${namespace}": ${(error as Error).message}`);
  } finally {
    await connection.close();
  }
}

/** The code of a failed request, wherever Node or undici put it. */
function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown[] };
  if (typeof e?.code === 'string') return e.code;
  if (Array.isArray(e?.errors)) for (const inner of e.errors) if (errorCode(inner)) return errorCode(inner);
  return e?.cause ? errorCode(e.cause) : undefined;
}

const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'ABORT_ERR']);

/** Why a request to `url` got no answer, in words, with what to do. */
export function describeConnectionFailure(error: unknown, url: URL, timeoutMs: number): string {
  const code = errorCode(error) ?? (error as Error | undefined)?.name ?? 'unknown';
  const message = (error as Error | undefined)?.message ?? String(error);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const endpoint = `${url.hostname}:${port}`;
  if (code === 'ECONNREFUSED') return `connection refused at ${endpoint}: nothing listens there (is the service running, and the address and port right?)`;
  if (code === 'ENOTFOUND') return `DNS: no host named "${url.hostname}" (is the address spelt right?)`;
  if (code === 'EAI_AGAIN') return `DNS: looking up "${url.hostname}" failed for now (EAI_AGAIN): is this machine on the network, is its resolver answering?`;
  if (TIMEOUTS.has(code) || error instanceof TimeoutError) {
    return `timeout: no answer from ${endpoint} within ${timeoutMs / 1000} s (${code}): a firewall or proxy in the way, or the service is overloaded`;
  }
  if (code === 'ECONNRESET') return `connection reset by ${endpoint}: something on the way (a proxy, the service) closed it`;
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(code) || /\b(SSL|TLS)\b/.test(message)) {
    const hint = /wrong version number|WRONG_VERSION/i.test(`${code} ${message}`)
      ? 'the server does not speak TLS there: use http:// if it is a plain-HTTP service'
      : /CERT|SIGNED|UNABLE_TO/.test(code)
        ? 'its certificate is not trusted here: fix the address, or give Node the issuing CA with NODE_EXTRA_CA_CERTS=/path/ca.pem'
        : 'check the address and any proxy in between';
    return `TLS handshake with ${endpoint} failed (${code}): ${hint}`;
  }
  return `no answer from ${endpoint} (${code}: ${message})`;
}

/** The status the probe path answers with no login, or why there was no answer. */
async function probe(url: URL, timeoutMs: number, agent: Agent): Promise<{ status: number; location?: string } | { error: unknown }> {
  try {
    const response = await request(url, {
      method: 'GET', headers: { accept: 'application/json' }, dispatcher: agent,
      headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs + 1_000),
    });
    await response.body.dump();
    const location = response.headers.location;
    return { status: response.statusCode, location: Array.isArray(location) ? location[0] : location };
  } catch (error) {
    return { error };
  }
}

const answers = (status: number) => status === 401 || status === 403 || (status >= 200 && status < 300);

export async function checkService(config: ServiceConfig, timeoutMs: number): Promise<Outcome> {
  const base = config.baseUrl.replace(/\/+$/, '');
  const prefixes = config.paths === 'deployed' ? DEPLOYED_PREFIXES : SPEC_PREFIXES;
  const other = config.paths === 'deployed' ? 'spec' : 'deployed';
  const url = new URL(`${base}${prefixes.solver}${PROBE_PATH}`);
  const agent = new Agent({ connect: { timeout: timeoutMs } });
  try {
    const answer = await probe(url, timeoutMs, agent);
    if ('error' in answer) return failed(EXIT.unreachable, `${base}: ${describeConnectionFailure(answer.error, url, timeoutMs)}`);
    if (answers(answer.status)) return ok(`${base} answers on the ${config.paths} paths (${prefixes.solver}${PROBE_PATH} → ${answer.status} before login)`);
    if (answer.status === 404) {
      const otherPrefix = (other === 'deployed' ? DEPLOYED_PREFIXES : SPEC_PREFIXES).solver;
      const second = await probe(new URL(`${base}${otherPrefix}${PROBE_PATH}`), timeoutMs, agent);
      if ('status' in second && answers(second.status)) {
        return failed(EXIT.badInput, `${url.href} → 404, but the ${other} paths answer (${otherPrefix}${PROBE_PATH} → ${second.status}): set ${whereToFix(config, 'paths')} to ${other}`);
      }
      return failed(EXIT.badInput, `${url.href} → 404, and the ${other} paths do not answer either: is ${base} the planning service's address (${whereToFix(config, 'url')})? SWEEP_SERVICE_PATHS=spec|deployed chooses the path family`);
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      // The planning client follows no redirects: the configured address must be the final one.
      const to = new URL(answer.location, url);
      return failed(EXIT.badInput, `${url.href} → ${answer.status}, redirected to ${to.href}: set ${whereToFix(config, 'url')} to ${to.origin}`);
    }
    return failed(EXIT.unreachable, `${url.href} → HTTP ${answer.status}: the service is there but not answering normally; try again later`);
  } finally {
    await agent.close();
  }
}

export async function checkLogin(client: PlanningClient, config: ServiceConfig): Promise<Outcome> {
  try {
    await client.transport.tokens.token();
    return ok(`logged in as ${config.credentials.email}`);
  } catch (error) {
    if (error instanceof AuthenticationError || error instanceof PermissionDeniedError || (error instanceof ServiceError && (error.status === 400 || error.status === 422))) {
      return failed(EXIT.authentication, `the service refused the email/password from ${config.source} (HTTP ${error.status}: ${error.serviceMessage}): check ${whereToFix(config, 'credentials')}`);
    }
    if (error instanceof RateLimitError) {
      return failed(EXIT.unreachable, `the service is limiting logins (HTTP 429)${error.retryAfterMs ? `: try again in ${Math.ceil(error.retryAfterMs / 1000)} s` : ''}`);
    }
    if (error instanceof NotFoundError) {
      return failed(EXIT.badInput, `the login address ${client.transport.baseUrl}${client.transport.prefixes.auth}/token → 404: is ${config.baseUrl} the planning service's address (${whereToFix(config, 'url')})?`);
    }
    if (error instanceof ConnectionError || error instanceof TimeoutError) return failed(EXIT.unreachable, `login: ${error.message}`);
    if (error instanceof ServiceError) return failed(EXIT.unreachable, `login: ${error.message}`);
    throw error;
  }
}

export async function checkUsage(client: PlanningClient): Promise<Outcome> {
  let usage;
  try {
    usage = await client.solverJobs.usage({ maxRetries: 0 });
  } catch (error) {
    if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
      return failed(EXIT.authentication, `logged in, but the account may not read its usage (HTTP ${error.status}): ${error.serviceMessage}`);
    }
    if (error instanceof ServiceError) return failed(error instanceof ConnectionError || error instanceof TimeoutError || (error.status ?? 0) >= 500 ? EXIT.unreachable : 1, error.message);
    throw error;
  }
  const { subscription, user } = usage;
  const parts = [
    `this week ${subscription.currentWeekCount} jobs, ${subscription.currentWeekMinutes} solver minutes (yours: ${user.currentWeekCount} jobs, ${user.currentWeekMinutes} minutes)`,
    `in all ${subscription.totalCount} jobs, ${subscription.totalMinutes} minutes`,
  ];
  // The specification has no limits in the answer, only how far past them the account is; a service
  // that adds them (loose schema) gets them shown.
  const limits = Object.entries(subscription).filter(([key, value]) => /limit|max|quota/i.test(key) && typeof value === 'number');
  if (limits.length) parts.push(`limits: ${limits.map(([key, value]) => `${key} ${value}`).join(', ')}`);
  const over = [
    subscription.weeklyCountOverage && `${subscription.weeklyCountOverage} jobs over the weekly limit`,
    subscription.weeklyMinutesOverage && `${subscription.weeklyMinutesOverage} minutes over the weekly limit`,
    subscription.totalCountOverage && `${subscription.totalCountOverage} jobs over the total limit`,
    subscription.totalMinutesOverage && `${subscription.totalMinutesOverage} minutes over the total limit`,
  ].filter(Boolean);
  if (over.length) parts.push(over.join(', '));
  return ok(parts.join('; '));
}

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 600) throw new InvalidArgumentError('--timeout must be a number of seconds between 0 and 600');
  return n;
}

export function doctorCommand(): Command {
  return new Command('doctor')
    .description('Check the configuration, Temporal, the planning service, the login and the account\'s usage, one line each.')
    .option('--timeout <seconds>', 'longest wait for each of Temporal and the service', seconds, 5)
    .addHelpText('after', `
Checks, in order (a check whose premise failed is skipped):
  configuration  SWEEP_SERVICE_URL, SWEEP_SERVICE_EMAIL, SWEEP_SERVICE_PASSWORD (and SWEEP_SERVICE_PATHS),
                 or the credentials file (SWEEP_CREDENTIALS_FILE, default ~/.config/sweep/credentials.json)
  temporal       as Temporal's own tools read it: the profile file (TEMPORAL_CONFIG_FILE, default
                 ~/.config/temporalio/temporal.toml) and its profile TEMPORAL_PROFILE (default "default"),
                 then TEMPORAL_ADDRESS (default 127.0.0.1:7233), TEMPORAL_NAMESPACE (default "default"),
                 TEMPORAL_API_KEY, TEMPORAL_TLS_* over it; says which profile and auth it used
  service        the planning service answers on the configured path family
  login          the service accepts the email and password
  usage          the account's solver usage this week

Exit codes (of the first check that failed):
  0  every check passed
  2  configuration missing or invalid (also: wrong path family, unknown namespace)
  4  Temporal or the planning service unreachable, or failing
  5  the service refused the login
  1  anything else

Examples:
  $ sweep doctor
  $ SWEEP_SERVICE_PATHS=deployed sweep doctor          # the credentials file points at the deployed service
  $ SWEEP_CREDENTIALS_FILE=./staging.json sweep doctor --timeout 15
  $ sweep doctor >/dev/null && sweep run nightly.yaml  # in a script: start only when everything answers`)
    .action(async (options: { timeout: number }) => {
      process.exitCode = await runDoctor(process.env, options.timeout * 1000, process.stdout);
    });
}

/** Runs the checks, printing a line as each ends; answers the exit code. */
export async function runDoctor(env: NodeJS.ProcessEnv, timeoutMs: number, out: NodeJS.WriteStream): Promise<number> {
  const marks = out.isTTY ? { ok: '✓', failed: '✗', skipped: '-' } : { ok: 'ok  ', failed: 'FAIL', skipped: 'skip' };
  // Nothing printed here quotes the password, but a service's error text could echo what it was sent.
  const secrets = [env.SWEEP_SERVICE_PASSWORD].filter((s): s is string => !!s);
  const outcomes: Outcome[] = [];
  const report = (name: string, outcome: Outcome) => {
    outcomes.push(outcome);
    let line = `${marks[outcome.state]} ${name.padEnd(13)} ${outcome.detail}`;
    for (const secret of secrets) line = line.split(secret).join('[redacted]');
    out.write(`${line}\n`);
  };

  const { outcome, config } = checkConfiguration(env);
  if (config) secrets.push(config.credentials.password);
  report('configuration', outcome);
  report('temporal', await checkTemporal(env, timeoutMs));

  if (!config) {
    report('service', skipped('skipped: needs the configuration'));
    report('login', skipped('skipped: needs the configuration'));
    report('usage', skipped('skipped: needs the configuration'));
  } else {
    const service = await checkService(config, timeoutMs);
    report('service', service);
    if (service.state !== 'ok') {
      report('login', skipped('skipped: needs the planning service'));
      report('usage', skipped('skipped: needs the planning service'));
    } else {
      const client = new PlanningClient({
        baseUrl: config.baseUrl, paths: config.paths, credentials: config.credentials,
        maxRetries: 0, timeoutMs, retryBaseMs: 100, maxRetryDelayMs: 1_000, maxRetryAfterMs: timeoutMs,
      });
      try {
        const login = await checkLogin(client, config);
        report('login', login);
        report('usage', login.state === 'ok' ? await checkUsage(client) : skipped('skipped: needs a login'));
      } finally {
        await client.close();
      }
    }
  }

  const failures = outcomes.filter((o): o is Extract<Outcome, { state: 'failed' }> => o.state === 'failed');
  out.write(failures.length ? `${failures.length} of ${outcomes.length} checks failed\n` : 'all checks passed\n');
  return failures[0]?.code ?? 0;
}
