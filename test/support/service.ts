/**
 * Test harness: a real local service (in this process, over real HTTP on a free port, with its own
 * data directory) and clients logged in to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanningClient, type ClientOptions } from '../../src/client/index.js';
import { type ServiceOptions, startService } from '../../src/service/app.js';

export const ALICE = { email: 'alice@example.com', password: 'alice-secret-1' };
export const BOB = { email: 'bob@example.com', password: 'bob-secret-2' };

export interface TestService {
  url: string;
  dataDir: string;
  client(options?: Partial<ClientOptions>): PlanningClient;
  admin(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'sweep-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startTestService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? tempDir();
  const service = await startService({ users: [ALICE, BOB], ...options, dataDir });
  const clients: PlanningClient[] = [];
  return {
    url: service.url,
    dataDir,
    client(clientOptions = {}) {
      const client = new PlanningClient({ baseUrl: service.url, credentials: ALICE, retryBaseMs: 10, ...clientOptions });
      clients.push(client);
      return client;
    },
    async admin(path, body) {
      const response = await fetch(`${service.url}/admin${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await service.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
