import type { authOperations } from '../../../wire/contract/auth.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';

export function authHandlers(ctx: ServiceContext): Handlers<typeof authOperations> {
  return {
    token: ({ body, request }) => {
      const { token, expiresIn } = ctx.auth.login(body.email, body.password, request.ip);
      return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
    },
  };
}
