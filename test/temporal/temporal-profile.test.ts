/**
 * Connection settings read the way Temporal's own tools read them: the temporal.toml profile file,
 * TEMPORAL_PROFILE, and TEMPORAL_* variables over it; what a person is told names the profile and the
 * kind of auth but never a key. The handshakes themselves (mTLS, API keys, refusals) are tested against
 * Temporal's own server in test/production.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { describeConnectionSettings, loadTemporalTarget, TemporalSettingsError } from '../../src/product/temporal/temporal-profile.js';
import { tempDir } from '../support/service.js';
import { sweep } from '../support/sweep-cli.js';

const dir = tempDir('sweep-profile-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY = 'sk-test-0123456789abcdef';
const certFile = join(dir, 'client.pem');
const keyFile = join(dir, 'client.key');
const caFile = join(dir, 'ca.pem');
writeFileSync(certFile, 'client certificate bytes');
writeFileSync(keyFile, 'client key bytes', { mode: 0o600 });
writeFileSync(caFile, 'ca bytes');

const profileFile = join(dir, 'temporal.toml');
writeFileSync(profileFile, `
[profile.default]
address = "127.0.0.1:1"

[profile.cloud]
address = "acme.a1b2c.tmprl.cloud:7233"
namespace = "acme.a1b2c"
api_key = "${KEY}"

[profile.secure]
address = "temporal.internal:7233"
namespace = "studies"
[profile.secure.tls]
client_cert_path = "${certFile}"
client_key_path = "${keyFile}"
server_ca_cert_path = "${caFile}"
server_name = "temporal.internal"
`);

/** Only what a test gives: no TEMPORAL_* of the developer's, no profile file in their home. */
const env = (vars: Record<string, string>) => ({ HOME: join(dir, 'home'), ...vars });

describe('loadTemporalTarget', () => {
  it('defaults to 127.0.0.1:7233, namespace default, no TLS, when nothing is set', () => {
    const target = loadTemporalTarget(env({}));
    expect(target).toMatchObject({ address: '127.0.0.1:7233', namespace: 'default', describe: { profile: undefined, configFile: undefined, auth: 'none' } });
    expect(target.connection.tls).toBeUndefined();
  });

  it('reads the profile TEMPORAL_PROFILE names from TEMPORAL_CONFIG_FILE, and the default profile without it', () => {
    expect(loadTemporalTarget(env({ TEMPORAL_CONFIG_FILE: profileFile })).address).toBe('127.0.0.1:1');
    const cloud = loadTemporalTarget(env({ TEMPORAL_CONFIG_FILE: profileFile, TEMPORAL_PROFILE: 'cloud' }));
    expect(cloud).toMatchObject({ address: 'acme.a1b2c.tmprl.cloud:7233', namespace: 'acme.a1b2c' });
    // An API key turns TLS on (system roots), as Temporal's tools do.
    expect(cloud.connection).toMatchObject({ apiKey: KEY, tls: true });
    expect(cloud.describe).toEqual({ profile: 'cloud', configFile: profileFile, auth: 'API key, TLS' });
  });

  it('finds the profile file where the temporal CLI keeps it (XDG_CONFIG_HOME/temporalio/temporal.toml)', () => {
    const config = join(dir, 'xdg');
    mkdirSync(join(config, 'temporalio'), { recursive: true });
    writeFileSync(join(config, 'temporalio', 'temporal.toml'), '[profile.default]\naddress = "10.0.0.7:7233"\n');
    const target = loadTemporalTarget(env({ XDG_CONFIG_HOME: config }));
    expect(target.address).toBe('10.0.0.7:7233');
    expect(target.describe.configFile).toBe(join(config, 'temporalio', 'temporal.toml'));
  });

  it('loads mTLS material from the profile, and names the files, not their content', () => {
    const target = loadTemporalTarget(env({ TEMPORAL_CONFIG_FILE: profileFile, TEMPORAL_PROFILE: 'secure' }));
    expect(target).toMatchObject({ address: 'temporal.internal:7233', namespace: 'studies' });
    const tls = target.connection.tls as { serverNameOverride?: string; serverRootCACertificate?: Buffer; clientCertPair?: { crt: Buffer; key: Buffer } };
    expect(tls.serverNameOverride).toBe('temporal.internal');
    expect(Buffer.from(tls.serverRootCACertificate!).toString()).toBe('ca bytes');
    expect(Buffer.from(tls.clientCertPair!.key).toString()).toBe('client key bytes');
    expect(target.describe.auth).toBe(`mTLS (client certificate ${certFile}), server CA ${caFile}`);
  });

  it('lets TEMPORAL_* variables override the profile, as the temporal CLI does', () => {
    const target = loadTemporalTarget(env({
      TEMPORAL_CONFIG_FILE: profileFile, TEMPORAL_PROFILE: 'secure', TEMPORAL_ADDRESS: '127.0.0.1:7443', TEMPORAL_NAMESPACE: 'other', TEMPORAL_API_KEY: KEY,
    }));
    expect(target).toMatchObject({ address: '127.0.0.1:7443', namespace: 'other' });
    expect(target.describe.auth).toBe(`API key, mTLS (client certificate ${certFile}), server CA ${caFile}`);
    // TLS from variables alone.
    const fromVars = loadTemporalTarget(env({ TEMPORAL_TLS_CLIENT_CERT_PATH: certFile, TEMPORAL_TLS_CLIENT_KEY_PATH: keyFile }));
    expect(fromVars.describe.auth).toBe(`mTLS (client certificate ${certFile})`);
  });

  it('never puts the key into what it tells a person', () => {
    const target = loadTemporalTarget(env({ TEMPORAL_CONFIG_FILE: profileFile, TEMPORAL_PROFILE: 'cloud' }));
    expect(JSON.stringify(target.describe)).not.toContain(KEY);
    expect(describeConnectionSettings(target)).toBe(`profile cloud from ${profileFile}, auth API key, TLS`);
  });

  it('refuses a profile the file does not have, naming it and the file', () => {
    const read = () => loadTemporalTarget(env({ TEMPORAL_CONFIG_FILE: profileFile, TEMPORAL_PROFILE: 'staging' }));
    expect(read).toThrow(TemporalSettingsError);
    expect(read).toThrow(`Temporal profile "staging" (${profileFile})`);
  });

  it('refuses a certificate path that cannot be read, naming the path', () => {
    const missing = join(dir, 'nowhere.pem');
    expect(() => loadTemporalTarget(env({ TEMPORAL_TLS_CLIENT_CERT_PATH: missing, TEMPORAL_TLS_CLIENT_KEY_PATH: keyFile }))).toThrow(missing);
  });
});

describe('commands read the profile', () => {
  it('sweep doctor connects through a profile and says which profile and auth it used', { timeout: 60_000 }, async () => {
    const file = join(dir, 'dev.toml');
    writeFileSync(file, `[profile.dev]\naddress = "${inject('temporalAddress')}"\nnamespace = "default"\n`);
    // sweep() sets TEMPORAL_ADDRESS; an empty one is unset for sweep, so the profile's address is used.
    const run = await sweep(['doctor', '--timeout', '5'], { TEMPORAL_ADDRESS: '', TEMPORAL_CONFIG_FILE: file, TEMPORAL_PROFILE: 'dev' });
    const line = run.stdout.split('\n').find((l) => / temporal /.test(l));
    expect(line, run.stdout + run.stderr).toBe(`ok   temporal      ${inject('temporalAddress')}, namespace default; profile dev from ${file}, auth none`);
  });

  it('a command given a profile that does not exist exits 2 naming it', { timeout: 60_000 }, async () => {
    const run = await sweep(['status', 'any-study'], { TEMPORAL_ADDRESS: '', TEMPORAL_CONFIG_FILE: profileFile, TEMPORAL_PROFILE: 'staging' });
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain('Temporal profile "staging"');
  });
});
