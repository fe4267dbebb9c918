/**
 * Temporal's own server (not the CLI's dev server), run the way a team runs it in production: on
 * PostgreSQL, with TLS on its frontend and client certificates required (mTLS), and optionally JWT
 * authorization (keys from a JWKS URL, the default claim mapper and authorizer). For the production
 * tests and the harness: it gets a database pair of its own, certificates made with openssl, free
 * ports, the namespace created, and a `temporal.toml` profile file clients connect through; it can be
 * killed and started again on the same databases and ports, and its databases dropped.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, open, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import proto from '@temporalio/proto';
import { stringify } from 'yaml';
import { createCertificateSet, type CertificateSet } from './certificates.js';
import { connectWithRetry } from './connection.js';
import { logTail, stopChild } from './server-process.js';
import { ensureTemporalServer, type TemporalServerInstallation } from './server-binary.js';
import { loadTemporalTarget, type TemporalTarget } from './temporal-profile.js';

const HOST = '127.0.0.1';
const STOP_GRACE_MS = 15_000;
const PORT_RACE_TRIES = 3;
// fromObject turns the number into the Long the message type wants.
const RETENTION = proto.google.protobuf.Duration.fromObject({ seconds: 3 * 24 * 3600 });
/** The frontend, the internal frontend (system workers, behind the authorizer's back), history, matching, worker. */
const SERVICES = ['frontend', 'internal-frontend', 'history', 'matching', 'worker'] as const;

/** A PostgreSQL server the Temporal server's databases are created on. */
export interface PostgresEndpoint {
  host: string;
  port: number;
  user: string;
  /** Passed to the tools through the environment and to the server in its 0600 config file, never on a command line. */
  password?: string;
}

export interface ProductionServerOptions {
  /** Holds the certificates (certs/, 0700), the config (0600), the profile file and the server's log; created if missing. */
  dir: string;
  /** Default 127.0.0.1:5432, user postgres, no password (this machine's PostgreSQL 15). */
  postgres?: PostgresEndpoint;
  /** Name of the main database (visibility gets `<name>_visibility`); default a unique `sweep_temporal_<hex>`. */
  database?: string;
  /** JWT authorization: keys read from `jwksUrl` (which must answer before the server starts); `adminApiKey` creates the namespace. */
  authorization?: { jwksUrl: string; adminApiKey: string; permissionsClaimName?: string };
  /** The namespace created at the first start; default `default`. */
  namespace?: string;
  /** The server's log level; default warn. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** How long a start may take until the namespace answers; default 120 s. */
  startTimeoutMs?: number;
  /** The executables and schema; default `ensureTemporalServer()` (builds them the first time). */
  installation?: TemporalServerInstallation;
}

/** A profile in a `temporal.toml` file: TEMPORAL_CONFIG_FILE and TEMPORAL_PROFILE for a process. */
export interface ProfileRef {
  file: string;
  name: string;
}

export interface ProfileOptions {
  apiKey?: string;
  /** Leave the client certificate out (default: in): a client the server must refuse. */
  clientCertificate?: boolean;
  /** Trust this CA instead of the server's. */
  serverCaCert?: string;
}

export interface ProductionServer {
  /** host:port of the frontend (TLS, client certificate required). */
  readonly address: string;
  readonly namespace: string;
  readonly databases: { main: string; visibility: string };
  readonly certificates: CertificateSet;
  /** Profile `sweep` in `<dir>/temporal.toml` (0600): the address, the namespace, the CA and the client certificate; no key. */
  readonly profile: ProfileRef;
  /** The server's log (appended across restarts). */
  readonly logPath: string;
  /** The running process's pid. */
  readonly pid: number;
  /** Resolves, with how it ended, when the running process ends. */
  readonly exited: Promise<string>;
  /** Writes a profile for this server (mTLS with its client certificate, and `apiKey` if given) to `file`, 0600. */
  writeProfile(file: string, name: string, options?: ProfileOptions): Promise<ProfileRef>;
  /** The target `loadTemporalTarget` reads from the profile (with `apiKey` as TEMPORAL_API_KEY if given). */
  target(options?: { apiKey?: string }): TemporalTarget;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Ends the process (SIGKILL by default: a crash) and starts it again on the same databases and ports; resolves once the namespace answers. */
  restart(options?: { signal?: NodeJS.Signals }): Promise<void>;
  /** Stops the server and drops its two databases. */
  drop(): Promise<void>;
}

/** Creates the databases and their schemas, writes certificates, config and profile, and starts the server. */
export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const installation = options.installation ?? (await ensureTemporalServer());
  const postgres = options.postgres ?? { host: HOST, port: 5432, user: 'postgres' };
  const main = options.database ?? `sweep_temporal_${randomBytes(5).toString('hex')}`;
  const databases = { main, visibility: `${main}_visibility` };
  const namespace = options.namespace ?? 'default';
  await mkdir(options.dir, { recursive: true });
  const certificates = await createCertificateSet(join(options.dir, 'certs'));
  const sql = sqlTool(installation, postgres);
  await setUpDatabase(sql, databases.main, join(installation.postgresSchemaDir, 'temporal', 'versioned'));
  await setUpDatabase(sql, databases.visibility, join(installation.postgresSchemaDir, 'visibility', 'versioned'));

  const logPath = join(options.dir, 'temporal.log');
  const configPath = join(options.dir, 'temporal-server.yaml');
  const dynamicConfigPath = join(options.dir, 'dynamic-config.yaml');
  await writeFile(dynamicConfigPath, DYNAMIC_CONFIG);
  const profile = { file: join(options.dir, 'temporal.toml'), name: 'sweep' };
  let ports: Ports | undefined;
  let current: Running | undefined;
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;

  const writeProfile = async (file: string, name: string, extra: ProfileOptions = {}): Promise<ProfileRef> => {
    const text = profileToml(name, {
      address: `${HOST}:${ports!.frontend.grpc}`, namespace, apiKey: extra.apiKey, caCert: extra.serverCaCert ?? certificates.ca.cert,
      client: extra.clientCertificate === false ? undefined : certificates.client,
    });
    await writeFile(file, text, { mode: 0o600 });
    await chmod(file, 0o600); // an existing file keeps its mode on writeFile
    return { file, name };
  };
  const target = (extra: { apiKey?: string } = {}) => loadTemporalTarget({
    TEMPORAL_CONFIG_FILE: profile.file, TEMPORAL_PROFILE: profile.name, ...(extra.apiKey ? { TEMPORAL_API_KEY: extra.apiKey } : {}),
  });
  // The namespace is created, and readiness checked, with the admin key when there is an authorizer.
  const adminTarget = () => target({ apiKey: options.authorization?.adminApiKey });

  const launch = async (createNamespace: boolean) => {
    const config = serverConfig({ ports: ports!, postgres, databases, certificates, dynamicConfigPath, authorization: options.authorization, logLevel: options.logLevel ?? 'warn' });
    await writeFile(configPath, stringify(config), { mode: 0o600 });
    const running = await spawnServer(installation, configPath, logPath, !options.authorization);
    try {
      await waitUntilServing(adminTarget(), namespace, createNamespace, startTimeoutMs, running);
    } catch (error) {
      await running.stop();
      const tail = await logTail(logPath, running.logStart);
      const message = `the Temporal server ${installation.server} on ${HOST}:${ports!.frontend.grpc} did not start: ${(error as Error).message}\n--- last lines of ${logPath} ---\n${tail}`;
      throw /address already in use/i.test(tail) ? new PortTakenError(message) : new Error(message, { cause: error });
    }
    return running;
  };

  try {
    for (let attempt = 1; ; attempt++) {
      ports = await freePorts();
      await writeProfile(profile.file, profile.name);
      try {
        current = await launch(true);
        break;
      } catch (error) {
        if (!(error instanceof PortTakenError) || attempt >= PORT_RACE_TRIES) throw error;
      }
    }
  } catch (error) {
    await dropDatabases(sql, databases).catch(() => undefined);
    throw error;
  }

  const server: ProductionServer = {
    get address() {
      return `${HOST}:${ports!.frontend.grpc}`;
    },
    namespace, databases, certificates, profile, logPath,
    get pid() {
      return current!.pid;
    },
    get exited() {
      return current!.exited;
    },
    writeProfile,
    target,
    async stop() {
      await current?.stop();
    },
    async restart({ signal = 'SIGKILL' } = {}) {
      await current!.stop(signal);
      current = await launch(false);
    },
    async drop() {
      await current?.stop();
      await dropDatabases(sql, databases);
    },
  };
  return server;
}

// ---------------------------------------------------------------------------------------------------------------
// The schema tool.

type SqlTool = (database: string, args: string[]) => Promise<void>;

function sqlTool(installation: TemporalServerInstallation, postgres: PostgresEndpoint): SqlTool {
  return (database, args) => new Promise((resolve, reject) => {
    const argv = ['--plugin', 'postgres12', '--ep', postgres.host, '-p', String(postgres.port), '-u', postgres.user, '--db', database, ...args];
    const env = { ...process.env, ...(postgres.password ? { SQL_PASSWORD: postgres.password } : {}) };
    execFile(installation.sqlTool, argv, { env, timeout: 120_000 }, (error, stdout, stderr) => {
      if (!error) return resolve();
      reject(new Error(
        `temporal-sql-tool ${args[0]} on database ${database} at ${postgres.host}:${postgres.port} (user ${postgres.user}) failed: ` +
          `${`${stderr}${stdout}`.trim().split('\n').slice(-8).join('\n') || error.message}`,
      ));
    });
  });
}

async function setUpDatabase(sql: SqlTool, database: string, versionedDir: string): Promise<void> {
  await sql(database, ['create-database']);
  await sql(database, ['setup-schema', '-v', '0.0']);
  await sql(database, ['update-schema', '-d', versionedDir]);
}

async function dropDatabases(sql: SqlTool, databases: { main: string; visibility: string }): Promise<void> {
  await sql(databases.main, ['drop-database', '--force']);
  await sql(databases.visibility, ['drop-database', '--force']);
}

// ---------------------------------------------------------------------------------------------------------------
// Ports and configuration.

interface Ports {
  frontend: { grpc: number; membership: number };
  'internal-frontend': { grpc: number; membership: number };
  history: { grpc: number; membership: number };
  matching: { grpc: number; membership: number };
  worker: { grpc: number; membership: number };
}

// The server records its services' ports in PostgreSQL as SMALLINT (cluster_membership.rpc_port), so a port
// from Linux's ephemeral range (32768 and up) stops it at its first heartbeat: pick below it.
const PORT_RANGE = { low: 10_000, high: 32_767 };

/** Ten distinct free ports below 32768, held open together while they are picked so that none is picked twice. */
async function freePorts(): Promise<Ports> {
  const servers: Server[] = [];
  try {
    const numbers: number[] = [];
    for (let tries = 0; numbers.length < SERVICES.length * 2; tries++) {
      if (tries > 1_000) throw new Error(`no ${SERVICES.length * 2} free ports between ${PORT_RANGE.low} and ${PORT_RANGE.high} on ${HOST}`);
      const port = PORT_RANGE.low + randomInt(PORT_RANGE.high - PORT_RANGE.low + 1);
      if (numbers.includes(port)) continue;
      const server = createServer();
      const listening = await new Promise<boolean>((resolve) => {
        server.once('error', () => resolve(false));
        server.listen(port, HOST, () => resolve(true));
      });
      if (!listening) continue;
      servers.push(server);
      numbers.push(port);
    }
    return Object.fromEntries(SERVICES.map((name, i) => [name, { grpc: numbers[2 * i], membership: numbers[2 * i + 1] }])) as unknown as Ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** What sweep needs beyond the server's defaults: setBudget is a workflow Update (docker-compose.yml says the same). */
const DYNAMIC_CONFIG = `# Written by sweep's production-server.ts
frontend.enableUpdateWorkflowExecution:
  - value: true
limit.maxIDLength:
  - value: 255
`;

function serverConfig(input: {
  ports: Ports; postgres: PostgresEndpoint; databases: { main: string; visibility: string }; certificates: CertificateSet;
  dynamicConfigPath: string; authorization: ProductionServerOptions['authorization']; logLevel: string;
}): object {
  const { ports, postgres, certificates } = input;
  const store = (databaseName: string, maxConns: number) => ({
    sql: {
      pluginName: 'postgres12', databaseName, connectAddr: `${postgres.host}:${postgres.port}`, connectProtocol: 'tcp',
      user: postgres.user, password: postgres.password ?? '', maxConns, maxIdleConns: maxConns, maxConnLifetime: '1h',
    },
  });
  return {
    log: { stdout: true, level: input.logLevel },
    persistence: {
      defaultStore: 'postgres-default', visibilityStore: 'postgres-visibility', numHistoryShards: 4,
      datastores: { 'postgres-default': store(input.databases.main, 20), 'postgres-visibility': store(input.databases.visibility, 5) },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: HOST },
      tls: {
        // The frontend is what clients and workers reach: TLS with its certificate, and a client certificate
        // signed by our CA required. Internode traffic (and the internal frontend the system workers use)
        // stays on loopback without TLS.
        frontend: {
          server: { certFile: certificates.server.cert, keyFile: certificates.server.key, clientCaFiles: [certificates.ca.cert], requireClientAuth: true },
          client: { serverName: 'localhost', rootCaFiles: [certificates.ca.cert] },
        },
      },
      ...(input.authorization ? {
        authorization: {
          jwtKeyProvider: { keySourceURIs: [input.authorization.jwksUrl], refreshInterval: '1m' },
          permissionsClaimName: input.authorization.permissionsClaimName ?? 'permissions',
          authorizer: 'default',
          claimMapper: 'default',
        },
      } : {}),
    },
    services: Object.fromEntries(SERVICES.map((name) => [name, { rpc: { grpcPort: ports[name].grpc, membershipPort: ports[name].membership, bindOnIP: HOST } }])),
    clusterMetadata: {
      enableGlobalNamespace: false, failoverVersionIncrement: 10, masterClusterName: 'active', currentClusterName: 'active',
      clusterInformation: { active: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: `${HOST}:${ports.frontend.grpc}` } },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: input.dynamicConfigPath, pollInterval: '10s' },
  };
}

/** A `temporal.toml` holding one profile; TOML basic strings are JSON strings for the values written here. */
function profileToml(name: string, p: { address: string; namespace: string; apiKey?: string; caCert: string; client?: { cert: string; key: string } }): string {
  const q = JSON.stringify;
  return [
    `# Written by sweep for a Temporal server it started; holds ${p.apiKey ? 'an API key: keep it 0600' : 'no secret (paths only)'}.`,
    `[profile.${q(name)}]`,
    `address = ${q(p.address)}`,
    `namespace = ${q(p.namespace)}`,
    ...(p.apiKey ? [`api_key = ${q(p.apiKey)}`] : []),
    '',
    `[profile.${q(name)}.tls]`,
    `server_ca_cert_path = ${q(p.caCert)}`,
    ...(p.client ? [`client_cert_path = ${q(p.client.cert)}`, `client_key_path = ${q(p.client.key)}`] : []),
    `server_name = "localhost"`,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The process.

interface Running {
  pid: number;
  exited: Promise<string>;
  logStart: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

class PortTakenError extends Error {}

async function spawnServer(installation: TemporalServerInstallation, configPath: string, logPath: string, allowNoAuth: boolean): Promise<Running> {
  // Appended, not truncated: the log of the run before a restart explains what the restarted server found.
  const log = await open(logPath, 'a');
  const logStart = (await log.stat()).size;
  let child: ChildProcess;
  let exited: Promise<string>;
  try {
    // `start` alone starts the four default services, not the internal frontend the system workers are
    // configured to reach: they would never connect, and the server gives up 60 s after starting.
    const args = ['--config-file', configPath, ...(allowNoAuth ? ['--allow-no-auth'] : []), 'start', ...SERVICES.flatMap((name) => ['--service', name])];
    child = spawn(installation.server, args, { stdio: ['ignore', log.fd, log.fd] });
    // Listened for before anything is awaited: an 'exit' emitted before there is a listener is never seen again.
    exited = new Promise<string>((resolve) => {
      child.once('error', (error) => resolve(`failed to start: ${error.message}`));
      child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
    });
  } finally {
    await log.close(); // the child holds its own copy of the descriptor
  }
  return {
    pid: child.pid ?? -1, exited, logStart,
    stop: (signal: NodeJS.Signals = 'SIGTERM') => stopChild(child, exited, STOP_GRACE_MS, signal),
  };
}

/**
 * Resolves once the frontend answers over mTLS and the namespace is usable (created first when asked),
 * polling with a bound; fails at once when the process ends.
 */
async function waitUntilServing(target: TemporalTarget, namespace: string, create: boolean, timeoutMs: number, running: Running): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const gone = new AbortController();
  void running.exited.then((how) => gone.abort(new Error(`the server process ended (${how}) before answering`)));
  const connection = await connectWithRetry(target, { timeoutMs, signal: gone.signal });
  try {
    let last: unknown;
    for (;;) {
      gone.signal.throwIfAborted();
      try {
        if (create) {
          await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: RETENTION }).catch((error: { code?: number }) => {
            if (error.code !== 6) throw error; // ALREADY_EXISTS: an earlier attempt got through
          });
          create = false;
        }
        // Visibility is PostgreSQL too: a list answers only when both databases do.
        await connection.workflowService.listWorkflowExecutions({ namespace, pageSize: 1 });
        return;
      } catch (error) {
        last = error;
        // A refusal will not change: say so now (a wrong admin key, a certificate the server does not take).
        const code = (error as { code?: number }).code;
        if (code === 7 || code === 16) throw error;
      }
      if (Date.now() > deadline) throw new Error(`namespace ${namespace} did not answer within ${Math.round(timeoutMs / 1000)} s (last error: ${(last as Error)?.message})`);
      await delay(250);
    }
  } finally {
    await connection.close();
  }
}

