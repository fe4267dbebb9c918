/** Authentication: credentials for a bearer token. */
import { z } from 'zod';
import { operation } from './operation.js';

export const TokenRequest = z.object({
  email: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  password: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.int(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const authOperations = {
  token: operation({
    id: 'auth.token', family: 'auth', method: 'POST', path: '/token',
    body: TokenRequest, data: TokenResponse, reply: 'bare', status: 200, auth: false, idempotent: true,
    summary: 'Exchanges account credentials for a bearer token.',
  }),
};
