/** `sweep dev`: runs a local Temporal dev server whose state survives restarts. */
import { Command, InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';
import { ensureTemporalCli } from '../../temporal/cli-binary.js';
import { startDevServer } from '../../temporal/dev-server.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a port number 0..65535');
  return port;
}

/** The `sweep dev` command. */
export function devCommand(): Command {
  return new Command('dev')
    .description('Run a Temporal dev server for studies, keeping its state on disk (finds or builds the Temporal CLI first).')
    .option('--data-dir <dir>', 'where the server keeps its database (temporal.db) and log', '.data/temporal')
    .option('--port <port>', 'frontend gRPC port (0 picks a free one)', parsePort, 7233)
    .option('--ui-port <port>', 'Web UI port (default --port + 1000; 0 picks a free one)', parsePort)
    .option('--headless', 'run without the Web UI')
    .addHelpText(
      'after',
      `
Examples:
  $ sweep dev
  $ sweep dev --data-dir /var/lib/sweep/temporal --port 7233 --ui-port 8233
  $ sweep dev --port 0 --headless`,
    )
    .action(async (opts: { dataDir: string; port: number; uiPort?: number; headless?: boolean }) => {
      const cli = await ensureTemporalCli();
      // Mirror the Temporal CLI's default (UI on port + 1000) unless the frontend port is itself left to chance.
      const uiPort = opts.uiPort ?? (opts.port === 0 ? 0 : opts.port + 1000);
      const server = await startDevServer({ cli, dataDir: resolve(opts.dataDir), port: opts.port, uiPort, headless: opts.headless });
      // The first line on stdout is the address: scripts and tests read it.
      process.stdout.write(`temporal listening on ${server.address}${server.uiUrl ? ` (UI ${server.uiUrl})` : ''}\n`);
      const signalled = new Promise<undefined>((done) => {
        process.once('SIGINT', () => done(undefined));
        process.once('SIGTERM', () => done(undefined));
      });
      const crash = await Promise.race([signalled, server.exited]);
      if (crash !== undefined) {
        throw new Error(`the Temporal dev server stopped on its own (${crash}); see ${resolve(opts.dataDir, 'temporal.log')}`);
      }
      await server.stop();
      process.exit(0);
    });
}
