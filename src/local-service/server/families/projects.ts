import { randomUUID } from 'node:crypto';
import type { projectOperations } from '../../../wire/contract/projects.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { conflict } from '../http/errors.js';
import { ts } from '../model/scope.js';
import { analysisAnswer, requireProject } from '../model/tree.js';
import type { Account, ProjectRow } from '../store/store.js';

const OPTIONAL_FIELDS = [
  'webhookUrl', 'favorite', 'gisCentroidX', 'gisCentroidY', 'zoomExtentXmin', 'zoomExtentYmin', 'zoomExtentXmax', 'zoomExtentYmax',
] as const;

function summary(project: ProjectRow, account: Account) {
  const d = project.doc as Record<string, unknown>;
  return {
    projectName: project.name,
    projectGuid: project.guid,
    created: ts(project.created),
    updated: ts(project.updated),
    coverImage: null,
    projectOwnerEmail: account.email,
    secondaryOwners: [],
    lockUserEmail: null,
    lock: false,
    lockTime: null,
    ownedByCurrentUser: true,
    editableByCurrentUser: true,
    originalDefaultProjectGuid: null,
    version: 'V2',
    favorite: (d.favorite as boolean | null) ?? false,
    gisCentroidX: (d.gisCentroidX as number | null) ?? null,
    gisCentroidY: (d.gisCentroidY as number | null) ?? null,
    zoomExtentXmin: (d.zoomExtentXmin as number | null) ?? null,
    zoomExtentYmin: (d.zoomExtentYmin as number | null) ?? null,
    zoomExtentXmax: (d.zoomExtentXmax as number | null) ?? null,
    zoomExtentYmax: (d.zoomExtentYmax as number | null) ?? null,
  };
}

export function projectHandlers(ctx: ServiceContext): Handlers<typeof projectOperations> {
  const list = (account: Account) => ({ projects: ctx.store.projects(account.id).map((p) => ({ ...summary(p, account), processing: false })) });
  return {
    list: ({ account }) => list(account),

    create: ({ account, body }) =>
      ctx.store.transaction(() => {
        if (ctx.store.projectByName(account.id, body.projectName)) {
          throw conflict(`projectName: a project named "${body.projectName}" exists already; project names must be unique`);
        }
        const now = ctx.clock.now();
        const doc = Object.fromEntries(OPTIONAL_FIELDS.map((k) => [k, body[k] ?? null]));
        const project: ProjectRow = { guid: randomUUID(), accountId: account.id, name: body.projectName, doc: { ...doc, version: 'V2' }, created: now, updated: now };
        ctx.store.insertProject(project);
        return { ...summary(project, account), processing: false };
      }),

    retrieve: ({ account, params, query }) => {
      const project = requireProject(ctx, account, params.guid);
      return {
        ...summary(project, account),
        images: [],
        projectOwner: account.email,
        ownerHistory: [{ ownedAt: ts(project.created), ownerEmail: account.email }],
        analyses: query.includeAnalyses === false ? [] : ctx.store.analyses(project.guid).map((a) => analysisAnswer(ctx, a, project)),
        webhookUrl: (project.doc.webhookUrl as string | null) ?? null,
      };
    },

    delete: ({ account, params }) => {
      const project = requireProject(ctx, account, params.guid);
      ctx.store.deleteProject(project.guid);
      return list(account);
    },
  };
}
