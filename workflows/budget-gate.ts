/**
 * The budget gate of an account: one long-lived workflow that every study of the account asks for
 * solver jobs. It grants what the studies' own budgets and the account's weekly limits allow,
 * counting the service's usage report, and makes the rest wait durably: until the next week when a
 * weekly limit is spent, until a budget is raised or jobs end otherwise.
 */
import {
  allHandlersFinished, condition, continueAsNew, getExternalWorkflowHandle, proxyActivities, setHandler, workflowInfo,
} from '@temporalio/workflow';
import type { StudyActivities } from '../activities/index.js';
import type { BudgetGateInput, BudgetRequest } from '../src/product/study/budget-gate.js';
import { BudgetLedger, nextWeekStart, weekStart } from '../src/product/study/budget-ledger.js';
import { USAGE } from './activity-options.js';
import {
  budgetFinishedSignal, budgetGrantSignal, budgetRequestSignal, budgetSubmittedSignal, gateStateQuery, registerStudySignal, unregisterStudySignal,
} from '../src/product/study/workflow-messages.js';

const { readUsage } = proxyActivities<StudyActivities>(USAGE);

/** Its input, and the name it is started by, are in src/product/study/budget-gate.ts: the activity that starts it imports nothing from here. */
export type { BudgetGateInput };

export async function budgetGateWorkflow(input: BudgetGateInput = {}): Promise<void> {
  const ledger = new BudgetLedger(input.state);
  const pending: BudgetRequest[] = input.pending ?? [];
  const active = new Set(input.active ?? Object.keys(ledger.state.studies));
  let changed = true;

  setHandler(registerStudySignal, ({ studyId, limits }) => {
    ledger.setLimits(studyId, limits);
    active.add(studyId);
    changed = true;
  });
  setHandler(unregisterStudySignal, ({ studyId }) => {
    active.delete(studyId);
    for (let i = pending.length - 1; i >= 0; i--) if (pending[i].studyId === studyId) pending.splice(i, 1);
    ledger.compact(Date.now(), active);
    changed = true;
  });
  setHandler(budgetRequestSignal, (request) => {
    if (!pending.some((p) => p.requestId === request.requestId)) pending.push(request);
    changed = true;
  });
  setHandler(budgetSubmittedSignal, ({ requestId, jobs }) => {
    ledger.submitted(requestId, jobs);
    changed = true;
  });
  setHandler(budgetFinishedSignal, ({ requestId, jobs, minutes }) => {
    ledger.finished(requestId, jobs, minutes);
    changed = true;
  });
  setHandler(gateStateQuery, () => ({ studies: [...active], pending: pending.length, reservations: ledger.state.reservations.length }));

  let wakeAt: number | undefined;
  for (;;) {
    const timeout = wakeAt === undefined ? undefined : Math.max(1000, wakeAt - Date.now());
    await condition(() => changed, timeout as number);
    changed = false;
    wakeAt = undefined;
    if (pending.length) wakeAt = await grantWhatFits(ledger, pending);
    if (workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof budgetGateWorkflow>({ state: ledger.state, pending, active: [...active] });
    }
  }
}

/**
 * Grants pending requests in arrival order as far as the budgets allow; answers when to look again
 * if a weekly limit holds some back (the next week), or undefined (a change will wake the gate).
 */
async function grantWhatFits(ledger: BudgetLedger, pending: BudgetRequest[]): Promise<number | undefined> {
  const usage = await readUsage();
  const now = Date.now();
  let wakeAt: number | undefined;
  for (const request of [...pending]) {
    const { jobs, shortage } = ledger.grantable(request.studyId, request.jobs, request.minutesEach, usage, now);
    if (jobs > 0) {
      ledger.reserve({ id: request.requestId, studyId: request.studyId, week: weekStart(now), granted: jobs, minutesEach: request.minutesEach });
      pending.splice(pending.indexOf(request), 1);
      try {
        await getExternalWorkflowHandle(request.replyTo).signal(budgetGrantSignal, { requestId: request.requestId, jobs });
      } catch {
        // The batch is gone (cancelled, ended): nothing will run on this grant.
        ledger.finished(request.requestId, jobs, 0);
      }
    } else if (shortage === 'weekly-jobs' || shortage === 'weekly-minutes') {
      wakeAt = nextWeekStart(now);
    }
  }
  return wakeAt;
}
