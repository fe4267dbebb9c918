/**
 * grpc-js (the client's Connection) reports a TLS handshake that failed as "Failed to connect before the
 * deadline", the same as a server that is not there. To tell a refused certificate apart, one TLS handshake
 * with the same settings, made by Node's own TLS: its error names the cause, which ./connection-refusal.ts reads.
 */
import { connect } from 'node:tls';
import type { TLSConfigOption } from '@temporalio/common/lib/internal-non-workflow/tls-config.js';

// A server that wants a client certificate it did not get says so in an alert right after the handshake.
const ALERT_WAIT_MS = 1_000;
const HANDSHAKE_MS = 5_000;
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE']);

/** Answers the handshake's error with `address` and `tls`, or undefined when it succeeded or nothing answered (TCP). */
export function tlsHandshakeError(address: string, tls: TLSConfigOption): Promise<Error | undefined> {
  if (!tls) return Promise.resolve(undefined);
  const settings = tls === true ? {} : tls;
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at);
  const port = Number(address.slice(at + 1));
  return new Promise((resolve) => {
    let settled = false;
    const done = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(error);
    };
    // The certificate is checked against this name, as the SDK checks it (an IP address is checked as such).
    const servername = settings.serverNameOverride ?? host;
    const socket = connect({
      host, port, ALPNProtocols: ['h2'],
      servername: /^[\d.]+$|:/.test(servername) ? undefined : servername,
      ca: settings.serverRootCACertificate ? Buffer.from(settings.serverRootCACertificate) : undefined,
      cert: settings.clientCertPair ? Buffer.from(settings.clientCertPair.crt) : undefined,
      key: settings.clientCertPair ? Buffer.from(settings.clientCertPair.key) : undefined,
    });
    const timer = setTimeout(() => done(undefined), HANDSHAKE_MS);
    socket.once('secureConnect', () => setTimeout(() => done(undefined), ALERT_WAIT_MS).unref());
    // No TCP answer is no refusal: the caller goes on waiting for the server.
    socket.once('error', (error: NodeJS.ErrnoException) => done(NETWORK_ERRORS.has(error.code ?? '') ? undefined : error));
  });
}
