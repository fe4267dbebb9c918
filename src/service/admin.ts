/**
 * The admin routes: test and operations hooks that must never be reachable from another machine,
 * so they answer only callers on the loopback interface.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from './context.js';
import { checkFaultSettings } from './faults/settings.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export interface AdminState {
  /** Calls per operation id since start (the benchmark reads them). */
  calls: Map<string, number>;
}

export async function adminRoutes(app: FastifyInstance, ctx: ServiceContext, state: AdminState): Promise<void> {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request, reply) => {
        if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) {
          return reply.code(403).send({ detail: 'The admin routes answer only on loopback' });
        }
      });

      admin.get('/calls', async () => Object.fromEntries(state.calls));

      admin.post('/calls/reset', async () => {
        state.calls.clear();
        return { reset: true };
      });

      admin.post('/clock/advance', async (request, reply) => {
        const body = z.object({ seconds: z.number().positive() }).safeParse(request.body);
        if (!body.success) return reply.code(422).send({ detail: 'seconds: must be a positive number' });
        ctx.clock.advance(body.data.seconds * 1000);
        return { now: new Date(ctx.clock.now()).toISOString() };
      });

      admin.get('/faults', async () => ({ settings: ctx.faults.settings, counts: ctx.faults.counts() }));

      // Fields given replace the current ones; the rest stay as they are (`{"rate": 0}` turns faults off).
      admin.put('/faults', async (request, reply) => {
        const body = request.body;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) return reply.code(422).send({ detail: 'body: must be an object of fault settings' });
        try {
          ctx.faults.configure(checkFaultSettings({ ...ctx.faults.settings, ...body }, 'faults'));
        } catch (error) {
          return reply.code(422).send({ detail: (error as Error).message });
        }
        return { settings: ctx.faults.settings, counts: ctx.faults.counts() };
      });

      admin.post('/tokens/revoke', async (request, reply) => {
        const body = z.object({ email: z.string().min(1) }).safeParse(request.body);
        if (!body.success) return reply.code(422).send({ detail: 'email: is required' });
        if (!ctx.auth.revokeAccountTokens(body.data.email)) return reply.code(404).send({ detail: 'No such account' });
        return { revoked: true };
      });
    },
    { prefix: '/admin' },
  );
}
