/**
 * The local planning service: the specification's 95 operations over HTTP, on both path families
 * at once, backed by an embedded database in a data directory. `buildService` assembles it
 * without listening (tests inject requests); `startService` listens and prints its address.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import type pino from 'pino';
import { createLogger } from '../../common/logger.js';
import { DEPLOYED_PREFIXES, operationFamilies, type PathPrefixes, SPEC_PREFIXES } from '../../wire/contract/index.js';
import type { PathFamily } from '../../wire/contract/operation.js';
import { adminRoutes, type AdminState, checkAdminToken } from './admin.js';
import { Auth, DEFAULT_LOGIN_LIMITS, hashPassword, type LoginLimits } from './auth.js';
import { Clock } from './clock.js';
import type { PlanLimits, ServiceContext } from './context.js';
import { analysisHandlers } from './families/analyses.js';
import { authHandlers } from './families/auth.js';
import { carrierHandlers } from './families/carriers.js';
import { conversionHandlers } from './families/conversion-technologies.js';
import { demandDatabaseHandlers } from './families/demand-database.js';
import { energyDemandHandlers } from './families/energy-demands.js';
import { gisHandlers } from './families/gis.js';
import { hubHandlers } from './families/hubs.js';
import { impexHandlers } from './families/impex.js';
import { intraHubLinkHandlers } from './families/intra-hub-links.js';
import { networkLinkHandlers } from './families/network-links.js';
import { networkTechnologyHandlers } from './families/network-technologies.js';
import { profileHandlers } from './families/profiles.js';
import { projectHandlers } from './families/projects.js';
import { scenarioHandlers } from './families/scenarios.js';
import { solarHandlers } from './families/solar-resources.js';
import { solverJobHandlers } from './families/solver-jobs.js';
import { stageHandlers } from './families/stages.js';
import { storageHandlers } from './families/storage-technologies.js';
import { technologyPackageHandlers } from './families/technology-packages.js';
import { installFaultHooks } from './faults/hooks.js';
import { FaultInjector } from './faults/injector.js';
import { type FaultSettings, NO_FAULTS } from './faults/settings.js';
import { FileStore } from './files/file-store.js';
import { fileRoutes } from './files/routes.js';
import { deployedExtraRoutes } from './families/deployed-extras.js';
import { bindOperations, type Handlers, sendError } from './http/bind.js';
import { HttpError } from './http/errors.js';
import { HighsOptimiser } from '../optimiser/highs-optimiser.js';
import { SolverRunner, type SolverRunnerOptions } from './solver-jobs/runner.js';
import { SpecsQueue } from './specs/specs-queue.js';
import { openDatabase } from './store/database.js';
import { Store } from './store/store.js';

export interface ServiceUser {
  email: string;
  password: string;
}

export interface ServiceOptions {
  dataDir: string;
  /** Accounts to create (or whose password to set) at start. */
  users?: ServiceUser[];
  host?: string;
  port?: number;
  /** The address clients use, when it differs from the listening one (behind a proxy, in a container). */
  publicUrl?: string;
  tokenTtlSeconds?: number;
  loginLimits?: Partial<LoginLimits>;
  plan?: Partial<PlanLimits>;
  /** Largest JSON body accepted; larger ones are answered 413. */
  bodyLimitBytes?: number;
  maxUploadBytes?: number;
  /** Path-prefix sets served at once; default the specification's and the deployed service's. */
  prefixSets?: PathPrefixes[];
  logger?: pino.Logger;
  specsConcurrency?: number;
  solver?: SolverRunnerOptions;
  /** Fault injection for reliability tests; none by default. */
  faults?: FaultSettings;
  /**
   * Serves the admin routes (clock, faults, revocation, call counters) to loopback callers that send
   * `Authorization: Bearer <adminToken>`; without it they do not exist. For tests and benchmarks.
   */
  adminToken?: string;
  /** Starts on a data directory that group or others can reach (refused otherwise: it holds the token secret). */
  allowSharedDataDir?: boolean;
}

/** Service logs: JSON on stderr (stdout carries only what scripts read), secrets redacted. */
export function serviceLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return createLogger({ level, destination });
}

/** The handlers of every family of the contract: a family without handlers does not compile. */
const familyHandlers: { [F in keyof typeof operationFamilies]: (ctx: ServiceContext) => Handlers<(typeof operationFamilies)[F]> } = {
  auth: authHandlers,
  projects: projectHandlers,
  analyses: analysisHandlers,
  scenarios: scenarioHandlers,
  stages: stageHandlers,
  hubs: hubHandlers,
  profiles: profileHandlers,
  carriers: carrierHandlers,
  demandDatabase: demandDatabaseHandlers,
  gis: gisHandlers,
  solverJobs: solverJobHandlers,
  impex: impexHandlers,
  networkLinks: networkLinkHandlers,
  storageTechnologies: storageHandlers,
  networkTechnologies: networkTechnologyHandlers,
  conversionTechnologies: conversionHandlers,
  energyDemands: energyDemandHandlers,
  technologyPackages: technologyPackageHandlers,
  solarResources: solarHandlers,
  intraHubLinks: intraHubLinkHandlers,
};

export const DEFAULT_PLAN: PlanLimits = {
  maxStages: 8, maxParetoPoints: 9, weeklyJobs: 500, weeklyMinutes: 10_000, totalJobs: 100_000, totalMinutes: 1_000_000,
};

export interface Service {
  app: FastifyInstance;
  ctx: ServiceContext;
  /** Calls per operation id. */
  admin: AdminState;
  close(): Promise<void>;
}

/** Which path family a URL belongs to, for answers to requests that matched no route. */
function familyOfUrl(url: string, prefixSets: readonly PathPrefixes[]): PathFamily {
  for (const prefixes of prefixSets) {
    for (const family of ['auth', 'solver', 'gis', 'app'] as const) {
      if (url.startsWith(prefixes[family])) return family;
    }
  }
  return 'solver';
}

export async function buildService(options: ServiceOptions): Promise<Service> {
  const log = options.logger ?? serviceLogger('warn');
  const prefixSets = options.prefixSets ?? [SPEC_PREFIXES, DEPLOYED_PREFIXES];
  checkAdminToken(options.adminToken);
  const store = new Store(openDatabase(options.dataDir, { allowSharedDataDir: options.allowSharedDataDir }));
  const clock = new Clock();
  const auth = new Auth(store, clock, options.tokenTtlSeconds ?? 86_400, { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits });
  for (const user of options.users ?? []) store.upsertAccount(user.email, hashPassword(user.password), clock.now());
  store.forgetExpiredRevocations(clock.now());

  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const ctx: ServiceContext = {
    store, clock, auth, log,
    plan: { ...DEFAULT_PLAN, ...options.plan },
    publicUrl: () => publicUrl,
    files: undefined as never,
    requestSpecs: () => specs.pump(),
    wakeSolver: () => solver.wake(),
    faults: new FaultInjector(store, options.faults ?? NO_FAULTS),
  };
  ctx.files = new FileStore(options.dataDir, store, clock, ctx.publicUrl);
  const specs = new SpecsQueue(ctx, options.specsConcurrency);
  const solver = new SolverRunner(ctx, {
    ...options.solver,
    optimiser: options.solver?.optimiser === undefined ? new HighsOptimiser() : options.solver.optimiser,
  });

  // Typed as the base instance: the pino generic of loggerInstance is not needed past here.
  const app = Fastify({
    loggerInstance: log,
    // Per-request lines would drown the service's own; failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimitBytes ?? 8 * 1024 * 1024,
    forceCloseConnections: true,
    // Requests fastify refuses before routing (a malformed percent-encoding, an overlong path
    // parameter) are answered in the family's error form too, like everything else.
    frameworkErrors: (error, request, reply) =>
      sendError(reply, familyOfUrl(request.url, prefixSets), new HttpError((error as FastifyError).statusCode ?? 400, error.message)),
  }) as unknown as FastifyInstance;
  const admin: AdminState = { calls: new Map() };
  const bind = { auth, prefixSets, onCall: (id: string) => admin.calls.set(id, (admin.calls.get(id) ?? 0) + 1) };

  installFaultHooks(app, auth, ctx.faults);

  const familyOf = (request: FastifyRequest) => request.routeOptions.config?.family ?? familyOfUrl(request.url, prefixSets);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const family = familyOf(request);
    if (error instanceof HttpError) return sendError(reply, family, error);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error, url: request.url.split('?')[0] }, 'request failed');
      return sendError(reply, family, new HttpError(500, 'Internal server error'));
    }
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `request body is larger than the limit of ${app.initialConfig.bodyLimit} bytes`
      : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? `body: is not valid JSON (${error.message})`
      : error.message;
    // Malformed bodies are validation failures: 422 on the FastAPI-style families.
    const answered = status === 400 && family !== 'app' ? 422 : status;
    return sendError(reply, family, new HttpError(answered, message, answered === 422 ? { problems: [{ field: 'body', loc: ['body'], message, type: 'json_invalid' }] } : {}));
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, familyOfUrl(request.url, prefixSets), new HttpError(404, `no operation ${request.method} ${request.url.split('?')[0]}`)),
  );

  for (const [name, handlers] of Object.entries(familyHandlers)) {
    const family = name as keyof typeof operationFamilies;
    bindOperations(app, operationFamilies[family], handlers(ctx) as never, bind);
  }

  // Routes the deployed service has beyond the specification, which its published clients call.
  await deployedExtraRoutes(app, ctx, bind);
  await fileRoutes(app, ctx, options.maxUploadBytes ?? 32 * 1024 * 1024);
  if (options.adminToken !== undefined) await adminRoutes(app, ctx, admin, options.adminToken);
  app.addHook('onReady', async () => {
    specs.pump();
    solver.wake();
  });

  return {
    app, ctx, admin,
    async close() {
      await app.close();
      await solver.stop();
      await specs.stop();
      store.db.close();
    },
    set publicUrl(url: string) {
      publicUrl = url;
    },
  } as Service & { publicUrl: string };
}

/** Builds the service and listens; answers the address it listens on. */
export async function startService(options: ServiceOptions): Promise<Service & { url: string }> {
  const service = (await buildService(options)) as Service & { publicUrl: string };
  await service.app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = service.app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  if (!options.publicUrl) service.publicUrl = url;
  return Object.assign(service, { url });
}
