/**
 * Writes that survive lost answers without waiting for Temporal to retry a whole batch: a write
 * that failed in passing, or that may have taken effect, is followed by a look at the service
 * (by the deterministic names the study gives everything) before it is tried again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ConflictError } from '../src/wire/client/errors.js';
import { passing } from './failures.js';

/** Tries of one write within an activity attempt; then the activity fails and Temporal retries it. */
const ATTEMPTS = 4;
const FIRST_DELAY_MS = 250;

/**
 * Runs `write`; when it fails in passing (or with a conflict, which a lost earlier answer causes),
 * asks `recover` whether the write's effect is there after all (its answer, or undefined), and
 * writes again if it is not. A conflict that `recover` cannot explain is rethrown, as is anything
 * that is not passing, and the last failure after ATTEMPTS tries.
 */
export async function writeSurvivingLostAnswers<T>(write: () => Promise<T>, recover: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const conflict = error instanceof ConflictError;
      if (!conflict && !passing(error)) throw error;
      const recovered = await recover();
      if (recovered !== undefined) return recovered;
      if (conflict || attempt >= ATTEMPTS) throw error;
      await sleep(FIRST_DELAY_MS * 2 ** (attempt - 1));
    }
  }
}

/** Runs a read (or any call safe to repeat) again while it fails in passing, up to ATTEMPTS tries. */
export function retryPassingFaults<T>(call: () => Promise<T>): Promise<T> {
  return writeSurvivingLostAnswers(call, async () => undefined);
}
