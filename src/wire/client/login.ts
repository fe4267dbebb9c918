import { authOperations } from '../contract/auth.js';
import type { ClientOptions } from './client-options.js';
import { ServiceError } from './errors.js';
import type { OperationCaller } from './operation-call.js';
import type { IssuedToken } from './token-manager.js';

/**
 * The login the token manager performs: the configured credentials (read only when first needed)
 * exchanged through the token operation.
 */
export function credentialsLogin(credentials: ClientOptions['credentials'], authPrefix: string, call: OperationCaller): () => Promise<IssuedToken> {
  return async () => {
    if (!credentials) {
      throw new ServiceError({
        method: 'POST', path: `${authPrefix}${authOperations.token.path}`, retryable: false,
        message: 'no credentials configured for the planning service',
      });
    }
    const body = typeof credentials === 'function' ? await credentials() : credentials;
    // Login may be rate limited: allow more patient retries than an ordinary call.
    const answer = await call(authOperations.token, { body }, { maxRetries: 5 });
    return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in };
  };
}
