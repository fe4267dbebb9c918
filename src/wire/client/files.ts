/**
 * Presigned file transfers: addresses that carry their own authorisation, so no bearer token is
 * ever sent with them. Downloads stream to disk and land atomically; a short or corrupt download
 * is an error, never a file.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { ConnectionError, errorForStatus, IntegrityError, isRetryableStatus } from './errors.js';
import { readErrorBody } from './error-mapping.js';
import type { Transport } from './transport.js';

export interface DownloadResult {
  path: string;
  bytes: number;
  sha256: string;
}

/** A presigned address without its query, which carries the signature: safe for messages. */
export function redactAddress(address: string): string {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '<invalid address>';
  }
}

export class Files {
  constructor(private readonly transport: Transport) {}

  /**
   * Streams a presigned address to `destination` (written to a temporary name, then renamed) and
   * answers its size and sha256. Fails, leaving nothing at `destination`, if the body is shorter
   * than its Content-Length or its digest differs from `expectedSha256`, from the local service's
   * `x-checksum-sha256` header, or from an S3 single-part ETag (the object's MD5).
   */
  async download(address: string, destination: string, options: { signal?: AbortSignal; expectedSha256?: string } = {}): Promise<DownloadResult> {
    const shown = redactAddress(address);
    await mkdir(dirname(destination), { recursive: true });
    const partial = `${destination}.partial-${process.pid}`;
    let response;
    try {
      response = await request(address, { method: 'GET', dispatcher: this.transport.connectionPool, signal: options.signal });
    } catch (error) {
      throw new ConnectionError({ method: 'GET', path: shown, retryable: true, message: String((error as Error).message), cause: error });
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const { code, message } = readErrorBody(await response.body.text(), response.statusCode);
      throw errorForStatus({ status: response.statusCode, method: 'GET', path: shown, code, message, retryable: isRetryableStatus(response.statusCode) });
    }
    const hash = createHash('sha256');
    const md5 = createHash('md5');
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        md5.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(response.body, meter, createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      throw new ConnectionError({ method: 'GET', path: shown, retryable: true, message: `download interrupted after ${bytes} bytes: ${(error as Error).message}`, cause: error });
    }
    const sha256 = hash.digest('hex');
    const expectedLength = Number(response.headers['content-length']);
    const expectedSha256 = options.expectedSha256 ?? header(response.headers['x-checksum-sha256'])?.toLowerCase();
    // An S3 ETag is the MD5 of the object when it was uploaded in one part (multipart ones carry "-<parts>").
    const etagMd5 = /^"?([0-9a-f]{32})"?$/i.exec(header(response.headers.etag) ?? '')?.[1]?.toLowerCase();
    const md5Hex = md5.digest('hex');
    const problem =
      Number.isFinite(expectedLength) && expectedLength !== bytes ? `truncated: ${bytes} of ${expectedLength} bytes`
      : expectedSha256 && expectedSha256 !== sha256 ? `corrupt: sha256 ${sha256} differs from the expected ${expectedSha256}`
      : etagMd5 && etagMd5 !== md5Hex ? `corrupt: MD5 ${md5Hex} differs from the ETag ${etagMd5}`
      : undefined;
    if (problem) {
      await rm(partial, { force: true });
      throw new IntegrityError({ method: 'GET', path: shown, retryable: true, message: problem });
    }
    await rename(partial, destination);
    return { path: destination, bytes, sha256 };
  }

  /** PUTs bytes (or a file) to a presigned upload address, without the Authorization header. */
  async upload(address: string, content: Uint8Array | { path: string }, options: { signal?: AbortSignal; contentType?: string } = {}): Promise<void> {
    const shown = redactAddress(address);
    const body = content instanceof Uint8Array ? content : createReadStream(content.path);
    const length = content instanceof Uint8Array ? content.byteLength : (await stat(content.path)).size;
    let response;
    try {
      response = await request(address, {
        method: 'PUT', body, dispatcher: this.transport.connectionPool, signal: options.signal,
        headers: { 'content-type': options.contentType ?? 'application/octet-stream', 'content-length': String(length) },
      });
    } catch (error) {
      throw new ConnectionError({ method: 'PUT', path: shown, retryable: true, message: String((error as Error).message), cause: error });
    }
    const text = await response.body.text();
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const { code, message } = readErrorBody(text, response.statusCode);
      throw errorForStatus({ status: response.statusCode, method: 'PUT', path: shown, code, message, retryable: isRetryableStatus(response.statusCode) });
    }
  }
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
