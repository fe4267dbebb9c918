/** `sweep service`: runs the local planning service. */
import { Command, InvalidArgumentError, Option } from 'commander';
import { serviceLogger, startService, type ServiceUser } from '../server/app.js';
import { parseFaultSettings } from '../server/faults/settings.js';
import { InstantOptimiser } from '../server/solver-jobs/instant-optimiser.js';
import { POINT_PLACEMENTS, type PointPlacement } from '../optimiser/settings.js';

function parseUser(value: string, previous: ServiceUser[] = []): ServiceUser[] {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) throw new InvalidArgumentError('expected <email>:<password>');
  return [...previous, { email: value.slice(0, at), password: value.slice(at + 1) }];
}

/**
 * The admin token, from the environment alone: a command line is readable by every local account
 * (ps, /proc/<pid>/cmdline), a process's environment only by its owner. Without it the admin routes
 * do not exist. Removed from the environment once read, so nothing the service starts inherits it.
 */
function adminTokenFromEnvironment(): string | undefined {
  const token = process.env.SWEEP_SERVICE_ADMIN_TOKEN;
  delete process.env.SWEEP_SERVICE_ADMIN_TOKEN;
  return token === '' ? undefined : token;
}

/** SWEEP_SERVICE_PARETO_PLACEMENT: unset means the default; anything else must be a placement. */
function parsePlacement(value: string | undefined): PointPlacement | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(POINT_PLACEMENTS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`SWEEP_SERVICE_PARETO_PLACEMENT must be one of ${POINT_PLACEMENTS.join(', ')}, not "${value}"`);
  }
  return value as PointPlacement;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a port number 0..65535');
  return port;
}

export function serviceCommand(): Command {
  return new Command('service')
    .description('Run the local planning service (all 95 operations, on /app-service and /sympheny-app at once).')
    .requiredOption('--data-dir <dir>', 'where the service keeps its database and files')
    .option('--port <port>', 'port to listen on (0 picks a free one)', parsePort, 8080)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--user <email:password>', 'an account (repeatable); created, or its password set. Also SWEEP_SERVICE_USERS (email:password,…), which keeps passwords off the command line', parseUser, [])
    .option('--public-url <url>', 'address clients reach the service at, if not the listening one')
    .option('--token-ttl <seconds>', 'lifetime of bearer tokens', (v) => Number(v), 86400)
    .option('--solver-threads <n>', 'solver jobs solved at once (each in its own thread; default 1, or 1000 with --instant-solve)', parsePort)
    .option('--instant-solve <ms>', 'BENCHMARK MODE: jobs end DONE after <ms> with a placeholder output file, nothing optimised', parsePort)
    .option('--faults <json>', 'fault injection for reliability tests, as JSON (also SWEEP_SERVICE_FAULTS); off by default')
    .option('--strict', 'jobs fail, naming them, when the optimiser would not honour some of their inputs (also SWEEP_SERVICE_STRICT=1); by default they solve and report them as warnings')
    .addOption(new Option('--pareto-placement <placement>', 'interior Pareto points evenly in objective 2 (default, as the deployed service) or where the front bends (also SWEEP_SERVICE_PARETO_PLACEMENT)').choices(POINT_PLACEMENTS))
    .option('--allow-shared-data-dir', 'start even if group or others can reach the data directory (refused otherwise: it holds the token-signing secret)')
    .addHelpText(
      'after',
      `
Examples:
  $ sweep service --data-dir ./.data/service --user analyst@example.com:secret
  $ sweep service --data-dir /var/lib/sweep --port 8080 --host 0.0.0.0 --user a@x.ch:pw1 --user b@x.ch:pw2
  $ sweep service --data-dir /tmp/flaky --user a@x.ch:pw --faults '{"rate":0.1,"latency":{"distribution":"exponential","ms":50}}'
  $ sweep service --data-dir /tmp/bench --user a@x.ch:pw --instant-solve 2000 --faults '{"latency":{"distribution":"fixed","ms":50}}'

Admin routes (/admin/…: call counters, clock, token revocation, faults), for tests and benchmarks: off unless
SWEEP_SERVICE_ADMIN_TOKEN holds a token of at least 16 characters (never on the command line); then they answer
loopback callers that send Authorization: Bearer <token>.
  $ SWEEP_SERVICE_ADMIN_TOKEN=$(openssl rand -hex 24) sweep service --data-dir /tmp/bench --user a@x.ch:pw

The data directory is created 0700 and its files 0600; the service refuses one that group or others can reach.

Fault settings (see src/local-service/server/faults/settings.ts; change them at run time with PUT /admin/faults):
  rate, kinds {http500,http502,http503,http429,reset,malformed,revokeTokens,truncateDownload,corruptDownload: weight},
  afterEffect, retryAfterSeconds, latency {distribution none|fixed|uniform|exponential, ms, maxMs},
  specs {failRate, delayMs}, solver {failRate, infeasibleRate}, seed`,
    )
    .action(async (opts: {
      dataDir: string; port: number; host: string; user: ServiceUser[]; publicUrl?: string; tokenTtl: number; solverThreads?: number;
      instantSolve?: number; faults?: string; allowSharedDataDir?: boolean; strict?: boolean; paretoPlacement?: PointPlacement;
    }) => {
      const pointPlacement = opts.paretoPlacement ?? parsePlacement(process.env.SWEEP_SERVICE_PARETO_PLACEMENT);
      const strict = opts.strict === true || process.env.SWEEP_SERVICE_STRICT === '1';
      const faults = opts.faults !== undefined
        ? parseFaultSettings(opts.faults, '--faults')
        : parseFaultSettings(process.env.SWEEP_SERVICE_FAULTS, 'SWEEP_SERVICE_FAULTS');
      const users = (process.env.SWEEP_SERVICE_USERS ?? '').split(',').filter(Boolean).reduce((all, user) => parseUser(user.trim(), all), opts.user);
      const logger = serviceLogger('info');
      const service = await startService({
        dataDir: opts.dataDir, port: opts.port, host: opts.host, users, publicUrl: opts.publicUrl,
        tokenTtlSeconds: opts.tokenTtl, logger, faults,
        adminToken: adminTokenFromEnvironment(), allowSharedDataDir: opts.allowSharedDataDir === true,
        // Instant solves hold a slot only while they wait: many can wait at once, as on the deployed service.
        solver: opts.instantSolve === undefined
          ? { slots: Math.max(1, opts.solverThreads ?? 1), strict, pointPlacement }
          : { slots: Math.max(1, opts.solverThreads ?? 1000), optimiser: new InstantOptimiser(opts.instantSolve) },
      });
      // The first line on stdout is the address: scripts and tests read it.
      process.stdout.write(`listening on ${service.url}\n`);
      const stop = async () => {
        await service.close();
        process.exit(0);
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}
