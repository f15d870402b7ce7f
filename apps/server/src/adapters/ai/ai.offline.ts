import { type AiProvider, estimateTokens, type LibraryTemplate } from '../../ports/ai.port';
import { composeReply } from './compose';

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

/** A reply cut to the step's token limit (estimated as the relay counts it), at a word's end. */
export function capReply(reply: string, maxTokens: number): string {
  const max = maxTokens * 4;
  if (reply.length <= max) return reply;
  const cut = reply.slice(0, max);
  const space = cut.search(/\s\S*$/);
  return space > 0 ? cut.slice(0, space) : cut;
}

/**
 * The offline planner, used when no AI key is set: composes the reply from the answers and the
 * template library, and streams it word by word at a reading pace (`delayMs` between words).
 */
export function offlineProvider(delayMs: number): AiProvider {
  // Read once and kept: the library changes rarely.
  let library: Promise<LibraryTemplate[]> | null = null;
  return {
    kind: 'offline',
    async complete({ messages, request, library: readLibrary, maxTokens, signal }) {
      library ??= readLibrary().catch((e) => {
        library = null;
        throw e;
      });
      const reply = capReply(composeReply(request, await library), maxTokens);
      // The subtasks JSON (step 9) is read by the wizard, not by a person: no reading pace for its 500 words.
      const pace = request.step === '9' ? Math.ceil(delayMs / 10) : delayMs;
      async function* chunks() {
        for (const piece of reply.match(/\S+\s*|\s+/g) ?? []) {
          if (pace > 0) await sleep(pace, signal);
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
