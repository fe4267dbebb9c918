/**
 * JSON bodies arrive intact or not at all: bytes that are not UTF-8 are refused naming `body`
 * (never stored with U+FFFD in their place), a charset other than UTF-8 is refused naming it, and
 * UTF-8 declared in any spelling, or not declared, is read, characters split between chunks too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../src/wire/contract/index.js';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { Utf8Validator } from '../../src/local-service/server/http/body-encoding.js';
import { buildScenario, type ScenarioFixture } from '../support/scenario-fixture.js';
import { ALICE, startTestService, type TestService } from '../support/service.js';
import { login, operationPath, send } from './support/raw-http.js';

let service: TestService;
let client: PlanningClient;
let token: string;
let f: ScenarioFixture;

beforeAll(async () => {
  service = await startTestService({ solver: { optimiser: null } });
  client = service.client();
  f = await buildScenario(client, { projectName: 'Body encoding' });
  token = await login(service.url, ALICE);
});
afterAll(() => service.close());

const op = (id: string) => allOperations.find((o) => o.id === id)!;
const createHub = (raw: Buffer | string, contentType = 'application/json') =>
  send(service.url, { method: 'POST', path: operationPath(op('hubs.create'), { scenarioGuid: f.scenarioGuid }), raw, contentType, authorization: `Bearer ${token}` });
const hubNames = async () => (await client.hubs.list(f.scenarioGuid)).map((h) => h.hubName).sort();
const latin1Name = Buffer.concat([Buffer.from('{"hubName":"bad'), Buffer.from([0xff, 0xfe]), Buffer.from(' name"}')]);

describe('bodies that are not UTF-8', () => {
  it('are refused with 400 naming the body and the offending byte, and nothing is stored (app family)', async () => {
    const before = await hubNames();
    const answer = await createHub(latin1Name);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ data: null, status: { code: 'ESP_400' } });
    expect(answer.message).toBe('body: is not valid UTF-8 (at byte 15, 0xFF); JSON bodies must be UTF-8 (RFC 8259)');
    expect(await hubNames()).toEqual(before);
    expect((await hubNames()).some((name) => name.includes('\uFFFD'))).toBe(false);
  });

  it('are refused when they end inside a character', async () => {
    const answer = await createHub(Buffer.concat([Buffer.from('{"hubName":"caf'), Buffer.from([0xc3])]));
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/^body: is not valid UTF-8 \(at byte 15, 0xC3\)/);
  });

  it('are refused in overlong and surrogate forms, which decoders often let through', async () => {
    for (const bytes of [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
      const answer = await createHub(Buffer.concat([Buffer.from('{"hubName":"x'), Buffer.from(bytes), Buffer.from('"}')]));
      expect(answer.status, bytes.map((b) => b.toString(16)).join(' ')).toBe(400);
      expect(answer.message).toMatch(/^body: is not valid UTF-8 \(at byte 13, 0x[CEF][0D4]\)/);
    }
  });

  it('are refused with 422 and a FastAPI problem located at the body on the solver family', async () => {
    const submit = op('solverJobs.submit');
    const body = Buffer.from(`[{"name":"caf\xe9","objective1":"MIN_LIFE_CYCLE_COST","scenarioGuid":"${f.scenarioGuid}","temporalResolution":"LOW","points":1,"timeLimit":1,"mipGap":1}]`, 'latin1');
    const answer = await send(service.url, { method: submit.method, path: operationPath(submit), raw: body, contentType: 'application/json', authorization: `Bearer ${token}` });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ detail: [{ loc: ['body'], msg: expect.stringMatching(/^is not valid UTF-8 \(at byte 13, 0xE9\)/), type: 'utf8_invalid' }] });
    expect((await client.solverJobs.usage()).user.totalCount).toBe(0);
  });

  it('are refused before being read when the caller has no valid token (401, not 400)', async () => {
    const answer = await send(service.url, {
      method: 'POST', path: operationPath(op('hubs.create'), { scenarioGuid: f.scenarioGuid }), raw: latin1Name, contentType: 'application/json',
    });
    expect(answer.status).toBe(401);
  });
});

describe('declared charsets', () => {
  it('refuses a charset other than UTF-8 with 415 naming it, even when the bytes happen to be ASCII', async () => {
    const before = await hubNames();
    for (const type of ['application/json; charset=iso-8859-1', 'application/json;charset="windows-1252"', 'application/json; charset=utf-16']) {
      const answer = await createHub('{"hubName":"Declared"}', type);
      expect(answer.status, type).toBe(415);
      expect(answer.body).toMatchObject({ data: null, status: { code: 'ESP_415' } });
      expect(answer.message).toMatch(/^body: charset "(iso-8859-1|windows-1252|utf-16)" is not accepted; JSON bodies must be UTF-8 \(RFC 8259\)/);
    }
    expect(await hubNames()).toEqual(before);
  });

  it('reads UTF-8 declared in any case, quoted or not, or not declared, and stores the characters as sent', async () => {
    const names = ['Zürich Süd', 'Ĉirkaŭ 𝔘nicode', 'Œuvre', 'Heat 45°C'];
    const types = ['application/json; charset=UTF-8', 'application/json;charset="utf-8"', 'application/json; charset=Utf8', 'application/json'];
    for (const [i, hubName] of names.entries()) {
      const answer = await createHub(Buffer.from(JSON.stringify({ hubName }), 'utf8'), types[i]);
      expect(answer.status, types[i]).toBe(201);
      expect((answer.body as { data: { hubName: string } }).data.hubName).toBe(hubName);
    }
    expect(await hubNames()).toEqual(expect.arrayContaining(names));
  });

  it('reads a character whose bytes arrive in two chunks', async () => {
    const bytes = Buffer.from('{"hubName":"Chunked ü"}', 'utf8');
    const split = bytes.indexOf(0xc3) + 1;
    async function* chunks() {
      yield bytes.subarray(0, split);
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield bytes.subarray(split);
    }
    const response = await fetch(`${service.url}${operationPath(op('hubs.create'), { scenarioGuid: f.scenarioGuid })}`, {
      method: 'POST', body: chunks() as never, duplex: 'half', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: { hubName: string } }).data.hubName).toBe('Chunked ü');
  });
});

describe('the UTF-8 check on its own', () => {
  /** 'valid', or the offset where the body stops being UTF-8. */
  const check = (...chunks: number[][]) => {
    const validator = new Utf8Validator();
    const ok = chunks.every((chunk) => validator.push(Uint8Array.from(chunk))) && validator.end();
    return ok ? 'valid' : validator.failure!.offset;
  };

  it('agrees with a fatal TextDecoder on every 1- and 2-byte sequence and on 3- and 4-byte edges', () => {
    const decodes = (bytes: number[]) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
        return true;
      } catch {
        return false;
      }
    };
    const cases: number[][] = [];
    for (let a = 0; a < 256; a++) for (let b = 0; b < 256; b++) cases.push([a, b]);
    for (const lead of [0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5]) {
      for (const second of [0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0]) cases.push([lead, second, 0x80], [lead, second, 0x80, 0x80]);
    }
    const disagreements = cases.filter((bytes) => (check(bytes) === 'valid') !== decodes(bytes)).map((bytes) => bytes.map((b) => b.toString(16)).join(' '));
    expect(disagreements).toEqual([]);
  });

  it('keeps a character split between chunks, and finds the offset of a bad byte in a later chunk', () => {
    expect(check([0x61, 0xf0, 0x9f], [0x98, 0x80, 0x62])).toBe('valid');
    expect(check([0x61, 0xc3])).toBe(1);
    expect(check([0x61, 0x62, 0x63], [0x64, 0xc3, 0x28])).toBe(4);
    expect(check([0x61, 0xe2, 0x82], [0x28])).toBe(1);
  });
});
