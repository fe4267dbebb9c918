/**
 * The notice a scheduled run posts when its outcomes moved beyond their alerts: a small JSON
 * document to the study's webhook, so a team hears of it in the morning. Retried by Temporal on a
 * network error or a 5xx, 408 or 429 answer; any other 4xx is final. The document holds the study's
 * names, numbers and paths only: never the URL (which may carry a token) nor any credential.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { request } from 'undici';
import { isHttpUrl, type StudyNotify } from '../src/product/study/schema.js';
import type { MovedOutcome } from '../src/product/study/results/drift.js';

export interface DriftNotice {
  /** The run's study name: a scheduled run's is its schedule's study and the run's time. */
  study: string;
  previousRun: string;
  finishedAt: string;
  changes: string[];
  moved: MovedOutcome[];
  report: string;
}

export function notifyActivities() {
  return {
    async postDriftNotice(input: { notify: StudyNotify; notice: DriftNotice }): Promise<{ status: number }> {
      const { webhook, webhookEnv } = input.notify;
      const url = webhook ?? (webhookEnv ? process.env[webhookEnv] : undefined);
      if (!url) throw ApplicationFailure.nonRetryable(`notify.webhookEnv: ${webhookEnv} is not set in the worker's environment`, 'NotifyConfigurationError');
      if (!isHttpUrl(url)) throw ApplicationFailure.nonRetryable(`notify: the webhook${webhookEnv ? ` in ${webhookEnv}` : ''} is not an http or https URL`, 'NotifyConfigurationError');
      let response;
      try {
        response = await request(url, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input.notice), headersTimeout: 15_000, bodyTimeout: 15_000,
        });
      } catch (error) {
        // The error's code only: a network error's message may quote the URL.
        throw ApplicationFailure.retryable(`the webhook could not be reached (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})`, 'WebhookUnavailable');
      }
      await response.body.dump();
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { status };
      const retried = status >= 500 || status === 408 || status === 429;
      // The answer's status only: the URL may carry a token.
      const message = `the webhook answered HTTP ${status}`;
      if (!retried) throw ApplicationFailure.nonRetryable(message, 'WebhookRefused');
      throw ApplicationFailure.retryable(message, 'WebhookUnavailable');
    },
  };
}
