import { randomUUID } from 'node:crypto';
import type { scenarioOperations } from '../../../wire/contract/scenarios.js';
import type { ServiceContext } from '../context.js';
import { type Handlers, OK_STATUS } from '../http/bind.js';
import { badRequest, HttpError, invalidField } from '../http/errors.js';
import { readContent, writeContent } from '../model/content.js';
import type { ScenarioContent } from '../../scenario-model/documents.js';
import { requireScenario } from '../model/scope.js';
import { DEFAULT_ENYMAP, frontendUrl, requireAnalysis, scenarioAnswer } from '../model/tree.js';
import { readScenarioWorkbook } from '../../specs-workbook/read-workbook.js';
import { WorkbookError } from '../../specs-workbook/workbook-error.js';
import type { Account, AnalysisRow, ScenarioRow } from '../store/store.js';

/** `Base (Copy)`, `Base (Copy 2)`, … : the first name free in the analysis. */
function copyName(ctx: ServiceContext, analysisGuid: string, base: string): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (Copy)' : ` (Copy ${n})`;
    const name = `${base.slice(0, 100 - suffix.length)}${suffix}`;
    if (!ctx.store.scenarioByName(analysisGuid, name)) return name;
  }
}

function requireFreeName(ctx: ServiceContext, analysisGuid: string, name: string, field: string): void {
  if (ctx.store.scenarioByName(analysisGuid, name)) {
    throw new HttpError(409, `${field}: a scenario named "${name}" exists already in analysis ${analysisGuid}; scenario names are unique per analysis`);
  }
}

/** Reads the workbook uploaded to an address this service issued to the same account. */
async function uploadedWorkbook(ctx: ServiceContext, account: Account, address: string): Promise<ScenarioContent> {
  const token = ctx.files.uploadToken(address);
  const upload = token ? ctx.store.upload(token) : undefined;
  if (!upload || upload.accountId !== account.id) throw invalidField('s3PresignedUrl', 'is not an upload address issued to this account');
  if (!upload.fileId) throw invalidField('s3PresignedUrl', 'nothing has been uploaded to this address yet (PUT the workbook first)');
  try {
    return await readScenarioWorkbook(await ctx.files.read(upload.fileId));
  } catch (error) {
    if (error instanceof WorkbookError) {
      if (error.status === 413) throw new HttpError(413, `s3PresignedUrl: the workbook is too large to read: ${error.message}`);
      throw badRequest(`s3PresignedUrl: the workbook is not valid: ${error.message}`);
    }
    throw error;
  }
}

export function scenarioHandlers(ctx: ServiceContext): Handlers<typeof scenarioOperations> {
  function newScenario(account: Account, analysis: AnalysisRow, name: string, doc: Record<string, unknown> = {}): ScenarioRow {
    const now = ctx.clock.now();
    const scenario: ScenarioRow = {
      guid: randomUUID(), analysisGuid: analysis.guid, accountId: account.id, name, created: now, updated: now,
      doc: { masterScenarioGuid: null, variant: false, enymap: DEFAULT_ENYMAP, ...doc },
    };
    ctx.store.insertScenario(scenario);
    return scenario;
  }

  return {
    list: ({ account, params }) => {
      const analysis = requireAnalysis(ctx, account, params.guid);
      return ctx.store.scenarios(analysis.guid).map((s) => scenarioAnswer(ctx, s, analysis));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const analysis = requireAnalysis(ctx, account, params.guid);
        requireFreeName(ctx, analysis.guid, body.scenarioName, 'scenarioName');
        return scenarioAnswer(ctx, newScenario(account, analysis, body.scenarioName), analysis);
      }),

    retrieve: ({ account, params }) => scenarioAnswer(ctx, requireScenario(ctx, account, params.scenarioGuid)),

    delete: ({ account, params }) => {
      ctx.store.deleteScenario(requireScenario(ctx, account, params.scenarioGuid).guid);
      return OK_STATUS;
    },

    frontendUrl: ({ account, params }) => {
      const scenario = requireScenario(ctx, account, params.scenarioGuid);
      return { frontendUrl: frontendUrl(ctx, scenario, requireAnalysis(ctx, account, scenario.analysisGuid)) };
    },

    specsFileUrl: ({ account, params }) => {
      const scenario = requireScenario(ctx, account, params.scenarioGuid);
      const specs = ctx.store.specs(scenario.guid);
      const file = specs?.state === 'done' && specs.fileId ? ctx.store.file(specs.fileId) : undefined;
      return { presignedUrl: file ? ctx.files.downloadAddress(file) : null };
    },

    copy: ({ account, params, query }) =>
      ctx.store.transaction(() => {
        const source = requireScenario(ctx, account, params.scenarioGuid);
        const destination = requireAnalysis(ctx, account, query.analysisDestinationGuid ?? source.analysisGuid);
        let name: string;
        if (query.name !== undefined) {
          requireFreeName(ctx, destination.guid, query.name, 'name');
          name = query.name;
        } else {
          name = copyName(ctx, destination.guid, source.name);
        }
        const copy = newScenario(account, destination, name, { enymap: source.doc.enymap ?? DEFAULT_ENYMAP });
        writeContent(ctx.store, { scenarioGuid: copy.guid, accountId: account.id }, readContent(ctx.store, source.guid), ctx.clock.now());
        return scenarioAnswer(ctx, copy, destination);
      }),

    rename: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scenario = requireScenario(ctx, account, params.scenarioGuid);
        if (scenario.name !== body.scenarioName) requireFreeName(ctx, scenario.analysisGuid, body.scenarioName, 'scenarioName');
        ctx.store.updateScenario(scenario.guid, { name: body.scenarioName, updated: ctx.clock.now() });
        return scenarioAnswer(ctx, requireScenario(ctx, account, scenario.guid));
      }),

    createFromExcel: async ({ account, params, body }) => {
      const analysis = requireAnalysis(ctx, account, params.guid);
      requireFreeName(ctx, analysis.guid, body.scenarioName, 'scenarioName');
      const content = await uploadedWorkbook(ctx, account, body.s3PresignedUrl);
      return ctx.store.transaction(() => {
        requireFreeName(ctx, analysis.guid, body.scenarioName, 'scenarioName');
        const scenario = newScenario(account, analysis, body.scenarioName);
        writeContent(ctx.store, { scenarioGuid: scenario.guid, accountId: account.id }, content, ctx.clock.now());
        return scenarioAnswer(ctx, scenario, analysis);
      });
    },

    replaceFromExcel: async ({ account, params, body }) => {
      const scenario = requireScenario(ctx, account, params.scenarioGuid);
      const content = await uploadedWorkbook(ctx, account, body.s3PresignedUrl);
      return ctx.store.transaction(() => {
        requireScenario(ctx, account, scenario.guid);
        ctx.store.deleteScenarioContent(scenario.guid);
        writeContent(ctx.store, { scenarioGuid: scenario.guid, accountId: account.id }, content, ctx.clock.now());
        ctx.store.touchScenario(scenario.guid, ctx.clock.now());
        return scenarioAnswer(ctx, requireScenario(ctx, account, scenario.guid));
      });
    },

    generateSpecs: ({ account, body }) => {
      const guids = [...new Set(body.scenarioGuids)];
      ctx.store.transaction(() => {
        for (const guid of guids) requireScenario(ctx, account, guid);
        for (const guid of guids) ctx.store.requestSpecs(guid, ctx.clock.now());
      });
      ctx.requestSpecs(guids);
      return OK_STATUS;
    },

    uploadAddress: ({ account, query }) => {
      if (query.deletePrevious) ctx.store.deleteUnusedUploads(account.id);
      return { s3PresignedUrl: ctx.files.uploadAddress(account.id) };
    },
  };
}
