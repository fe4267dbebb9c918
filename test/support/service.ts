/**
 * Test harness: a real local service (in this process, over real HTTP on a free port, with its own
 * data directory) and clients logged in to it. Its admin routes are on, behind a random admin
 * token that `admin()` sends, unless `adminToken: undefined` is given.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanningClient, type ClientOptions } from '../../src/wire/client/index.js';
import { type ServiceOptions, startService } from '../../src/local-service/server/app.js';

export const ALICE = { email: 'alice@example.com', password: 'alice-secret-1' };
export const BOB = { email: 'bob@example.com', password: 'bob-secret-2' };

export interface TestService {
  url: string;
  dataDir: string;
  /** The admin token the service was started with (undefined: its admin routes are off). */
  adminToken: string | undefined;
  client(options?: Partial<ClientOptions>): PlanningClient;
  /** GET an admin route, or POST `body` to it (PUT with `method`); throws unless 2xx. */
  admin(path: string, body?: unknown, method?: 'POST' | 'PUT'): Promise<unknown>;
  /** Sends an admin request with the admin token and answers its status and parsed body, whatever they are. */
  adminRequest(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'sweep-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startTestService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? tempDir();
  const adminToken = 'adminToken' in options ? options.adminToken : randomBytes(24).toString('base64url');
  const service = await startService({ users: [ALICE, BOB], ...options, dataDir, adminToken });
  const clients: PlanningClient[] = [];
  const adminRequest = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = adminToken === undefined ? {} : { authorization: `Bearer ${adminToken}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${service.url}/admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  };
  return {
    url: service.url,
    dataDir,
    adminToken,
    client(clientOptions = {}) {
      const client = new PlanningClient({ baseUrl: service.url, credentials: ALICE, retryBaseMs: 10, ...clientOptions });
      clients.push(client);
      return client;
    },
    async admin(path, body, method = 'POST') {
      const response = await adminRequest(body === undefined ? 'GET' : method, path, body);
      if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    async adminRequest(method, path, body) {
      const response = await adminRequest(method, path, body);
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the text as it is
      }
      return { status: response.status, body: parsed };
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await service.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
