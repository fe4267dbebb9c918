/**
 * The generated CRUD methods put each positional argument where the contract says: path
 * parameters in the order the path names them, then the body (or the one body field a family
 * takes), then the query, then the request options; and they answer the payload, or the one field
 * of it a family unwraps. A mock service records what went on the wire, so no server is needed.
 */
import { type Dispatcher, MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanningClient } from '../../src/wire/client/index.js';

interface Sent {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A client whose service answers `answer(path)` in the envelope, and records every request but the login. */
function mockedClient(answer: (path: string) => unknown) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const sent: Sent[] = [];
  agent.get('http://planning.test').intercept({ path: () => true, method: () => true }).reply<object>((request) => {
    if (request.path.endsWith('/token')) return { statusCode: 200, data: { access_token: 'T', token_type: 'Bearer', expires_in: 3600 } };
    sent.push({
      method: request.method,
      path: request.path,
      body: typeof request.body === 'string' ? JSON.parse(request.body) : undefined,
      headers: request.headers as Record<string, string>,
    });
    return { statusCode: 200, data: { data: answer(request.path) } };
  }).persist();
  const client = new PlanningClient({
    baseUrl: 'http://planning.test', credentials: { email: 'a@example.com', password: 'p' }, dispatcher: agent as unknown as Dispatcher,
  });
  clients.push(client);
  return { client, sent };
}

const clients: PlanningClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const stage = { guid: 'T', name: 'Stage 1', length: 10, index: 0 };

describe('generated CRUD methods', () => {
  it('fill path parameters in the order of the path, then send the body', async () => {
    const { client, sent } = mockedClient(() => stage);
    const body = { name: 'Stage 1', length: 10, index: 0 };
    expect(await client.stages.update('S', 'T', body)).toEqual(stage);
    expect(sent).toMatchObject([{ method: 'PUT', path: '/app-service/scenarios/S/stages/T', body }]);
  });

  it('send one body field when the family takes it alone', async () => {
    const { client, sent } = mockedClient(() => ({ hubGuid: 'H', hubName: 'Roof' }));
    await client.hubs.create('S', 'Roof');
    await client.hubs.update('H', 'Attic');
    expect(sent).toMatchObject([
      { method: 'POST', path: '/app-service/scenarios/S/hubs', body: { hubName: 'Roof' } },
      { method: 'PUT', path: '/app-service/v2/scenarios/hubs/H', body: { hubName: 'Attic' } },
    ]);
  });

  it('send the query after the path parameters, and none when it is left out', async () => {
    const { client, sent } = mockedClient(() => ({ technologyPackages: [{ guid: 'P2', name: 'Other' }] }));
    expect(await client.technologyPackages.delete('S', 'P', { deleteTechs: true })).toEqual([{ guid: 'P2', name: 'Other' }]);
    await client.technologyPackages.delete('S', 'P');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /app-service/scenarios/S/technology-packages/P?deleteTechs=true',
      'DELETE /app-service/scenarios/S/technology-packages/P',
    ]);
  });

  it('answer the field a family unwraps', async () => {
    const { client } = mockedClient(() => ({ energyCarriers: [] }));
    expect(await client.carriers.list('S')).toEqual([]);
  });

  it('take the request options last', async () => {
    const { client, sent } = mockedClient(() => stage);
    await client.stages.retrieve('T', { idempotencyKey: 'key-1' });
    expect(sent[0].headers['idempotency-key']).toBe('key-1');
  });

  it('leave hand-written verbs to their family', async () => {
    const { client, sent } = mockedClient(() => []);
    await client.analyses.list('P');
    expect(sent.map((r) => r.path)).toEqual(['/app-service/projects/P/analyses?page=0&size=100']);
  });
});
