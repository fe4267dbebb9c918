/**
 * Files the service keeps (specs workbooks, uploaded spreadsheets, solver outputs) and the
 * presigned addresses it hands out for them: an expiry and an HMAC signature in the query stand in
 * for the bearer token, as S3's presigned URLs do. Upload addresses are single-use.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../clock.js';
import { makePrivateDir, PRIVATE_FILE } from '../store/data-dir.js';
import type { FileRow, Store } from '../store/store.js';

export const DOWNLOAD_TTL_MS = 60 * 60_000;
export const UPLOAD_TTL_MS = 15 * 60_000;

/** The form of every file id this store gives out (randomUUID). */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isFileId(id: string): boolean {
  return FILE_ID.test(id);
}

export class FileStore {
  private readonly dir: string;
  private readonly secret: Buffer;

  constructor(dataDir: string, private readonly store: Store, private readonly clock: Clock, private readonly publicUrl: () => string) {
    this.dir = join(dataDir, 'files');
    makePrivateDir(this.dir);
    let secret = store.meta('url-secret');
    if (!secret) {
      secret = randomBytes(32).toString('base64');
      store.setMeta('url-secret', secret);
    }
    this.secret = Buffer.from(secret, 'base64');
  }

  /** Writes the bytes (to a temporary name, then renamed) and records the file; answers its row. */
  async save(accountId: string, kind: string, name: string, bytes: Uint8Array): Promise<FileRow> {
    const id = randomUUID();
    const partial = join(this.dir, `${id}.partial`);
    // Account files are the owner's alone: 0600 whatever the umask (the mode given is masked by it).
    await writeFile(partial, bytes, { mode: PRIVATE_FILE });
    await chmod(partial, PRIVATE_FILE);
    await rename(partial, this.path(id));
    const row: FileRow = {
      id, accountId, kind, name, size: bytes.byteLength, created: this.clock.now(),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
    this.store.insertFile(row);
    return row;
  }

  /** Where a file's bytes are; an id that is not one of ours (`../…`) never becomes a path. */
  path(id: string): string {
    if (!isFileId(id)) throw new Error(`not a file id: ${JSON.stringify(id)}`);
    return join(this.dir, id);
  }

  read(id: string): Promise<Buffer> {
    return readFile(this.path(id));
  }

  private sign(purpose: string, id: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${purpose}|${id}|${expires}`).digest('base64url');
  }

  /** Whether a signature made for `purpose`/`id` is genuine and not expired. */
  verify(purpose: string, id: string, expires: unknown, signature: unknown): boolean {
    const at = Number(expires);
    if (!Number.isFinite(at) || at < this.clock.now() || typeof signature !== 'string') return false;
    const expected = Buffer.from(this.sign(purpose, id, at));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A presigned download address of a stored file. */
  downloadAddress(file: Pick<FileRow, 'id' | 'name'>, ttlMs = DOWNLOAD_TTL_MS): string {
    const expires = this.clock.now() + ttlMs;
    return `${this.publicUrl()}/files/${file.id}/${encodeURIComponent(file.name)}?expires=${expires}&signature=${this.sign('get', file.id, expires)}`;
  }

  /** A new single-use upload address for an account. */
  uploadAddress(accountId: string, ttlMs = UPLOAD_TTL_MS): string {
    const token = randomUUID();
    const now = this.clock.now();
    const expires = now + ttlMs;
    this.store.insertUpload(token, accountId, expires, now);
    return `${this.publicUrl()}/uploads/${token}?expires=${expires}&signature=${this.sign('put', token, expires)}`;
  }

  /** The upload token of an address this service issued, or undefined. */
  uploadToken(address: string): string | undefined {
    try {
      const url = new URL(address);
      const match = /\/uploads\/([0-9a-f-]{36})$/.exec(url.pathname);
      return match?.[1];
    } catch {
      return undefined;
    }
  }
}
