/**
 * Certificates for a Temporal server sweep starts itself with TLS (the production tests): a CA of its
 * own, a server certificate for 127.0.0.1 and localhost, and client certificates for mTLS, made with
 * the `openssl` command (Debian's openssl 3). Keys are ECDSA P-256, written 0600 in a 0700 directory.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A certificate and its private key, as PEM files. */
export interface CertificateFiles {
  cert: string;
  key: string;
}

export interface CertificateSet {
  /** The CA that signed the server's and the client's certificates (and that the server trusts for client certificates). */
  ca: CertificateFiles;
  /** The frontend's certificate: subject alternative names IP 127.0.0.1 and DNS localhost. */
  server: CertificateFiles;
  /** A client certificate (extended key usage clientAuth) the server accepts. */
  client: CertificateFiles;
}

const DAYS = '7';

/** Makes a CA in `dir` (created 0700) and, signed by it, a server and a client certificate. */
export async function createCertificateSet(dir: string, name = 'sweep-temporal'): Promise<CertificateSet> {
  const ca = await createCertificateAuthority(dir, `${name}-ca`);
  const server = await issueCertificate(dir, ca, 'server', {
    subject: 'localhost', usage: 'serverAuth', altNames: ['IP:127.0.0.1', 'DNS:localhost'],
  });
  const client = await issueCertificate(dir, ca, 'client', { subject: `${name}-client`, usage: 'clientAuth' });
  return { ca, server, client };
}

/** A self-signed CA, `<dir>/<name>.pem` and `<dir>/<name>.key`. */
export async function createCertificateAuthority(dir: string, name: string): Promise<CertificateFiles> {
  await secureDir(dir);
  const files = { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
  await openssl([
    'req', '-x509', ...EC_KEY, '-nodes', '-keyout', files.key, '-out', files.cert, '-days', DAYS, '-subj', `/CN=${name}`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await chmod(files.key, 0o600);
  return files;
}

/** A certificate `<dir>/<name>.pem` (key `<name>.key`) signed by `ca`, for a server or a client. */
export async function issueCertificate(
  dir: string, ca: CertificateFiles, name: string, options: { subject: string; usage: 'serverAuth' | 'clientAuth'; altNames?: string[] },
): Promise<CertificateFiles> {
  await secureDir(dir);
  const files = { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
  const request = join(dir, `${name}.csr`);
  const extensions = join(dir, `${name}.ext`);
  await openssl(['req', '-new', ...EC_KEY, '-nodes', '-keyout', files.key, '-out', request, '-subj', `/CN=${options.subject}`]);
  await chmod(files.key, 0o600);
  // rustls (the worker's transport) rejects a leaf without these: v3 extensions, a SAN for the name it dials.
  const lines = [
    'basicConstraints=critical,CA:FALSE', 'keyUsage=critical,digitalSignature', `extendedKeyUsage=${options.usage}`,
    ...(options.altNames?.length ? [`subjectAltName=${options.altNames.join(',')}`] : []),
  ];
  await writeFile(extensions, `${lines.join('\n')}\n`);
  await openssl([
    'x509', '-req', '-in', request, '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-out', files.cert, '-days', DAYS, '-extfile', extensions,
  ]);
  await rm(request, { force: true });
  await rm(extensions, { force: true });
  return files;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

async function secureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

function openssl(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('openssl', args, { timeout: 30_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(new Error(missing ? 'no `openssl` on PATH: it makes the test certificates (Debian: apt-get install openssl)' : `openssl ${args[0]} failed: ${stderr.trim() || error.message}`));
    });
  });
}
