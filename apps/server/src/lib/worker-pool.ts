import { Piscina } from 'piscina';

/** The tasks a worker entry offers: its named exports, each taking one structured-cloneable input. */
// biome-ignore lint/suspicious/noExplicitAny: a task's input is whatever it declares; `never` would refuse every map.
export type TaskMap = Record<string, (input: any) => unknown>;

/** Why a task was not done: the pool or the owner was at its limit, or the task went over its budget. */
export type WorkRefusal =
  /** Every thread is busy and the queue is full, or the task waited its longest for a thread. */
  | 'busy'
  /** Its owner already has `perOwner` tasks waiting or running. */
  | 'owner-busy'
  /** It ran longer than its time budget: its worker was stopped. */
  | 'too-slow'
  /** It needed more memory than a worker has: its worker ended. */
  | 'too-large';

export class WorkRefusedError extends Error {
  constructor(
    readonly reason: WorkRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'WorkRefusedError';
  }
}

export interface WorkerPoolOptions {
  /** Where the worker entry is (a file URL), resolved when the first task runs. */
  entry: () => Promise<string>;
  /** Threads at most; each is started when needed and stopped after `idleMs` without work. */
  threads: number;
  /** Heap of each thread (old generation, MB): a task that needs more ends its thread, not the process. */
  memoryMb: number;
  /** How long a task may run once it has a thread, unless its run says otherwise. */
  timeoutMs: number;
  /** Tasks that may wait for a thread; one more is refused as busy. */
  maxQueue: number;
  /** How long a task may wait for a thread before it is refused as busy. */
  maxWaitMs: number;
  /** Tasks one owner may have waiting or running at once. */
  perOwner: number;
  idleMs?: number;
  /**
   * How much lower the threads' scheduling priority is than the process's (Linux nice): with every core
   * building files, the event loop still gets a core when it has something to answer.
   */
  niceIncrement?: number;
}

export interface RunOptions {
  /** Whose task it is (a member): at most `perOwner` of theirs wait or run at once. */
  owner?: string;
  /** This task's time budget, when it is not the pool's. */
  timeoutMs?: number;
}

/** What a thread's answer arrives as: structured clone makes a Buffer a plain Uint8Array. */
type Cloned<T> = T extends Uint8Array ? Uint8Array : T;

export interface WorkerPool<Tasks extends TaskMap> {
  run<K extends keyof Tasks & string>(
    task: K,
    input: Parameters<Tasks[K]>[0],
    options?: RunOptions,
  ): Promise<Cloned<Awaited<ReturnType<Tasks[K]>>>>;
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

/**
 * CPU-bound work (building Word, Excel and zip files) on worker threads, so that the event loop only waits for
 * it: piscina runs the tasks; in front of it a queue of our own gives each task a thread before its time budget
 * starts (a wait in line is not a slow task), bounds the line, and counts each owner's tasks.
 */
export function createWorkerPool<Tasks extends TaskMap>(options: WorkerPoolOptions): WorkerPool<Tasks> {
  let piscina: Promise<Piscina> | undefined;
  let running = 0;
  let closed = false;
  const waiting: { start(): void; refuse(error: Error): void }[] = [];
  const ownerTasks = new Map<string, number>();

  const start = () =>
    (piscina ??= options.entry().then(
      (filename) =>
        new Piscina({
          filename,
          minThreads: 0,
          maxThreads: options.threads,
          idleTimeout: options.idleMs ?? 30_000,
          resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
          niceIncrement: options.niceIncrement ?? 0,
        }),
    ));

  /** Waits for a free thread, in line with the others; refused when the line is full or too slow. */
  function thread(): Promise<void> {
    if (running < options.threads && waiting.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= options.maxQueue) {
      return Promise.reject(new WorkRefusedError('busy', 'every thread is busy and the queue is full'));
    }
    return new Promise((resolve, reject) => {
      const place = {
        start() {
          clearTimeout(timer);
          running += 1;
          resolve();
        },
        refuse(error: Error) {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(place), 1);
        place.refuse(new WorkRefusedError('busy', `no thread was free within ${options.maxWaitMs} ms`));
      }, options.maxWaitMs);
      waiting.push(place);
    });
  }

  function release() {
    running -= 1;
    waiting.shift()?.start();
  }

  function claimOwner(owner: string | undefined): () => void {
    if (owner === undefined) return () => {};
    const count = ownerTasks.get(owner) ?? 0;
    if (count >= options.perOwner) {
      throw new WorkRefusedError('owner-busy', `${owner} already has ${count} tasks`);
    }
    ownerTasks.set(owner, count + 1);
    return () => {
      const left = (ownerTasks.get(owner) ?? 1) - 1;
      if (left === 0) ownerTasks.delete(owner);
      else ownerTasks.set(owner, left);
    };
  }

  return {
    async run(task, input, runOptions = {}) {
      if (closed) throw new WorkRefusedError('busy', 'the pool is closed');
      const releaseOwner = claimOwner(runOptions.owner);
      try {
        await thread();
        try {
          const pool = await start();
          const timeoutMs = runOptions.timeoutMs ?? options.timeoutMs;
          return await pool.run(input, { name: task, signal: AbortSignal.timeout(timeoutMs) });
        } catch (error) {
          throw refusalOf(error, task) ?? error;
        } finally {
          release();
        }
      } finally {
        releaseOwner();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
    async close() {
      closed = true;
      for (const place of waiting.splice(0)) place.refuse(new WorkRefusedError('busy', 'the pool is closing'));
      // Tasks under way are stopped: the process is ending, and their requests are answered by then.
      if (piscina) await (await piscina).destroy();
    },
  };
}

/** A task stopped for its time budget (piscina aborts it) or its memory budget (its thread ran out of heap). */
function refusalOf(error: unknown, task: string): WorkRefusedError | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'AbortError') return new WorkRefusedError('too-slow', `${task} ran past its time budget`);
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new WorkRefusedError('too-large', `${task} ran out of its memory budget`);
  }
  return undefined;
}
