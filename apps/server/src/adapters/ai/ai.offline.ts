import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projectPlans } from '../../modules/templates/templates.schema';
import { type AiProvider, estimateTokens } from './ai.port';
import { composeReply, type LibraryTemplate } from './compose';

/** Active templates that carry a plan, read once and kept: the library changes rarely. */
async function loadLibrary(db: Database): Promise<LibraryTemplate[]> {
  const rows = await db
    .select({ productName: projectPlans.productName, plan: projectPlans.plan })
    .from(projectPlans)
    .where(eq(projectPlans.active, true))
    .orderBy(asc(projectPlans.id));
  return rows
    .filter((r) => r.plan.sections.length > 0)
    .map((r) => ({ productName: r.productName, sections: r.plan.sections }));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * The offline planner, used when no AI key is set: composes the reply from the answers and the
 * template library, and streams it word by word at a reading pace (`delayMs` between words).
 */
export function offlineProvider(db: Database, delayMs: number): AiProvider {
  let library: Promise<LibraryTemplate[]> | null = null;
  return {
    kind: 'offline',
    async complete({ messages, request, signal }) {
      library ??= loadLibrary(db).catch((e) => {
        library = null;
        throw e;
      });
      const reply = composeReply(request, await library);
      async function* chunks() {
        for (const piece of reply.match(/\S+\s*|\s+/g) ?? []) {
          if (delayMs > 0) await sleep(delayMs, signal);
          yield piece;
        }
      }
      const usage = {
        promptTokens: estimateTokens(messages.map((m) => m.content).join('\n')),
        completionTokens: estimateTokens(reply),
        estimated: true,
      };
      return { chunks: chunks(), usage: () => usage };
    },
  };
}
