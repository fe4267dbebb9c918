/**
 * The summary step's own process (started by summary-process.ts): takes its input in the first IPC
 * message, answers progress and then the step's answer, or the error, with its peak resident memory.
 */
import { runSummaryStep, type SummaryStepInput } from './study-results.js';
import type { FromSummaryProcess } from './summary-process.js';
import { ownPeakRssMb } from '../../common/peak-memory.js';

const send = (message: FromSummaryProcess) => new Promise<void>((resolve) => process.send!(message, undefined, undefined, () => resolve()));

// A worker killed outright leaves no one to answer, and its retry starts a step of its own: this one stops.
process.once('disconnect', () => process.exit(1));

process.once('message', (input: SummaryStepInput) => {
  void (async () => {
    try {
      const answer = await runSummaryStep(input, {
        onProgress: (variants) => void send({ kind: 'progress', variants }),
        onManifest: () => void send({ kind: 'manifest' }),
      });
      await send({ kind: 'done', answer, peakRssMb: ownPeakRssMb() });
    } catch (error) {
      const { name, message, stack } = error as Error;
      await send({ kind: 'failed', error: { name, message, stack }, peakRssMb: ownPeakRssMb() });
    }
    // Whatever a library left open, the step is over and its memory goes back to the system.
    process.exit(0);
  })();
});
