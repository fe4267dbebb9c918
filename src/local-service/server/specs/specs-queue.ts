/**
 * Generates specs workbooks asynchronously. Requests are rows in the database (state `pending`),
 * so generation resumes after a restart; a request made while an older one is being generated
 * supersedes it, and the older result is dropped.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceContext } from '../context.js';
import { contentDigest, readContent } from '../model/content.js';
import { writeScenarioWorkbook } from '../../specs-workbook/write-workbook.js';

export class SpecsQueue {
  private running = 0;
  private readonly inFlight = new Set<string>();
  private idle: Promise<void> = Promise.resolve();
  private wakeIdle: (() => void) | undefined;
  private stopped = false;

  constructor(private readonly ctx: ServiceContext, private readonly concurrency = 2) {}

  /** Picks up pending requests (at start, after a restart, and after each new request). */
  pump(): void {
    if (this.stopped) return;
    for (const row of this.ctx.store.pendingSpecs()) {
      if (this.running >= this.concurrency) return;
      if (this.inFlight.has(row.scenarioGuid)) continue;
      this.running++;
      this.inFlight.add(row.scenarioGuid);
      if (this.running === 1) this.idle = new Promise((resolve) => (this.wakeIdle = resolve));
      void this.generate(row.scenarioGuid, row.requested).finally(() => {
        this.running--;
        this.inFlight.delete(row.scenarioGuid);
        if (this.running === 0) this.wakeIdle?.();
        this.pump();
      });
    }
  }

  private async generate(scenarioGuid: string, requested: number): Promise<void> {
    const { store, clock, files, log, faults } = this.ctx;
    const injected = faults.specsFault();
    if (injected.delayMs > 0) {
      faults.record('specsDelayed');
      await sleep(injected.delayMs);
    }
    if (injected.fail) {
      faults.record('specsFailed');
      store.finishSpecs(scenarioGuid, requested, { error: 'Injected fault: specs generation failed' }, clock.now());
      return;
    }
    try {
      const scenario = store.scenarioByGuid(scenarioGuid);
      if (!scenario) return;
      // Read together, with nothing awaited between: the digest is of exactly the content written.
      const content = readContent(store, scenarioGuid);
      const digest = contentDigest(store, scenarioGuid);
      const bytes = await writeScenarioWorkbook(content, { scenarioName: scenario.name });
      const file = await files.save(scenario.accountId, 'specs', `${safeName(scenario.name)} - specs.xlsx`, bytes);
      store.finishSpecs(scenarioGuid, requested, { fileId: file.id, contentDigest: digest }, clock.now());
    } catch (error) {
      log.error({ err: error, scenarioGuid }, 'specs generation failed');
      store.finishSpecs(scenarioGuid, requested, { error: (error as Error).message }, clock.now());
    }
  }

  /** Waits for generations under way, and takes no new ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle;
  }
}

/** A scenario name usable as a file name. */
export function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 100) || 'scenario';
}
