import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type SandboxTool, sandboxFaults } from './sandbox.tables';

/** '500', '429', a connection dropped before the request is handled, or one lost after it was carried out. */
export type FaultKind = '500' | '429' | 'drop' | 'lost';

const ArmFault = z
  .object({
    /** How many API requests still succeed before the fault. */
    after: z.number().int().min(0).max(100_000).default(0),
    kind: z.enum(['500', '429', 'drop', 'lost']),
  })
  .strict();

/**
 * The fault due now for a tool's API request, if any: each request counts down the oldest armed
 * fault, and the one that reaches zero fires once.
 */
export async function dueFault(db: Database, tool: SandboxTool): Promise<FaultKind | undefined> {
  return db.transaction(async (tx) => {
    const [fault] = await tx
      .select()
      .from(sandboxFaults)
      .where(eq(sandboxFaults.tool, tool))
      .orderBy(asc(sandboxFaults.id))
      .limit(1)
      .for('update');
    if (!fault) return undefined;
    if (fault.skip > 0) {
      await tx
        .update(sandboxFaults)
        .set({ skip: fault.skip - 1 })
        .where(eq(sandboxFaults.id, fault.id));
      return undefined;
    }
    await tx.delete(sandboxFaults).where(eq(sandboxFaults.id, fault.id));
    return fault.kind;
  });
}

/** Drops the connection without an answer, as a network failure would. */
export function dropConnection(reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.destroy();
  return reply;
}

const answersToLose = new WeakSet<FastifyRequest>();

/**
 * The 'lost' fault: the request is carried out, then the connection drops before the answer leaves, as
 * when a network fails or a worker dies with its request in flight. The client cannot know it worked.
 */
export function loseAnswer(request: FastifyRequest): void {
  answersToLose.add(request);
}

/** POST /sandbox/<tool>/faults arms one; DELETE clears them. Sandbox only, like the simulators. */
export function registerFaultRoutes(app: FastifyInstance, tool: SandboxTool): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (answersToLose.has(request)) reply.raw.destroy();
    return payload;
  });
  app.post('/faults', { schema: { hide: true } }, async (request, reply) => {
    const parsed = ArmFault.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message: parsed.error.issues[0]!.message } });
    }
    const [row] = await app.db
      .insert(sandboxFaults)
      .values({ tool, skip: parsed.data.after, kind: parsed.data.kind })
      .returning();
    return reply.code(201).send({ id: row!.id, after: row!.skip, kind: row!.kind });
  });
  app.delete('/faults', { schema: { hide: true } }, async (_request, reply) => {
    await app.db.delete(sandboxFaults).where(and(eq(sandboxFaults.tool, tool)));
    return reply.code(204).send();
  });
}
