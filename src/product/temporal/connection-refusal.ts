/**
 * A server that answers but will not talk to us, told apart from one that does not answer: the TLS
 * handshake fails on its certificate or ours, or it refuses the API key. Retrying cannot help these, and
 * the message has to say which it is, because the fix differs (the CA file, the client certificate, the key).
 * The patterns cover both transports: grpc-js (Connection) and the Rust core's tonic/rustls (NativeConnection).
 */

/** Which credential the server (or we) refused. */
export type RefusalKind = 'server-certificate' | 'client-certificate' | 'credentials';

export class TemporalRefusedError extends Error {
  constructor(message: string, readonly kind: RefusalKind, options?: ErrorOptions) {
    super(message, options);
  }
}

const SERVER_CERTIFICATE = /UnknownIssuer|unable to verify|self[- ]signed certificate|unable to get (local )?issuer|certificate verify failed|invalid peer certificate|NotValidForName|Hostname\/IP does not match|CERT_/i;
const CLIENT_CERTIFICATE = /CertificateRequired|certificate required|HandshakeFailure|handshake failure|bad certificate|BadCertificate|peer sent no certificates|tlsv13 alert/i;
const CREDENTIALS = /UNAUTHENTICATED|PERMISSION_DENIED|Request unauthorized|invalid token|token is expired/i;

/** Answers the refusal `error` stands for, or undefined when it is not one (nothing answers, a timeout, ...). */
export function credentialRefusal(error: unknown, address: string): TemporalRefusedError | undefined {
  if (error === undefined) return undefined;
  const text = describeChain(error);
  const code = (error as { code?: unknown }).code;
  if (SERVER_CERTIFICATE.test(text)) {
    return new TemporalRefusedError(
      `the Temporal server at ${address} presented a certificate sweep does not trust (wrong or missing server CA: ` +
        `set TEMPORAL_TLS_SERVER_CA_CERT_PATH or the profile's tls.server_ca_cert_path; TEMPORAL_TLS_SERVER_NAME if the name differs) — ${firstLine(text)}`,
      'server-certificate', { cause: error });
  }
  if (CLIENT_CERTIFICATE.test(text)) {
    return new TemporalRefusedError(
      `the Temporal server at ${address} refused the TLS handshake: it wants a client certificate it trusts (mTLS: set ` +
        `TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH or the profile's tls.client_cert_path/client_key_path) — ${firstLine(text)}`,
      'client-certificate', { cause: error });
  }
  if (code === 16 || code === 7 || CREDENTIALS.test(text)) {
    return new TemporalRefusedError(
      `the Temporal server at ${address} refused sweep's credentials (API key rejected or missing: check TEMPORAL_API_KEY or ` +
        `the profile's api_key, and that it grants this namespace) — ${firstLine(text)}`,
      'credentials', { cause: error });
  }
  return undefined;
}

function describeChain(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    parts.push(current.message, String((current as { details?: unknown }).details ?? ''));
  }
  return parts.join(' | ');
}

const firstLine = (text: string) => text.split('\n')[0].slice(0, 300);
