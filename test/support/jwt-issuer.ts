/**
 * A JWT issuer for the production tests: an RSA key made here, its public half served as a JWKS document
 * on 127.0.0.1 (node:http) for Temporal's JWT key provider, and RS256 tokens signed with it. `forger()`
 * signs with another key under the same key id: a token the server must refuse.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';

export interface TokenSigner {
  /** A compact JWS (header.payload.signature) of `claims`, with `iat` and `exp` (default one hour) added. */
  sign(claims: Record<string, unknown>, expiresInSeconds?: number): string;
}

export interface JwtIssuer extends TokenSigner {
  /** Where the JWKS document is served. */
  jwksUrl: string;
  /** Requests the JWKS endpoint has answered. */
  readonly fetches: number;
  /** A signer with a key of its own under the same key id, which the JWKS does not hold. */
  forger(): TokenSigner;
  close(): Promise<void>;
}

const KEY_ID = 'sweep-test-key';

export async function startJwtIssuer(): Promise<JwtIssuer> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: KEY_ID, alg: 'RS256', use: 'sig' }] });
  let fetches = 0;
  const server = createServer((request, response) => {
    fetches += 1;
    if (request.url !== '/.well-known/jwks.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get fetches() {
      return fetches;
    },
    ...signer(privateKey),
    forger: () => signer(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function signer(key: KeyObject): TokenSigner {
  return {
    sign(claims, expiresInSeconds = 3600) {
      const now = Math.floor(Date.now() / 1000);
      const header = encode({ alg: 'RS256', typ: 'JWT', kid: KEY_ID });
      const payload = encode({ iat: now, exp: now + expiresInSeconds, ...claims });
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
  };
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
