import { PLANNER } from '../constants';
import { type PlannedTask, SubtasksReplySchema } from '../schemas/planner';

const LIST_ITEM = /^\s*(?:(?:\d{1,2}|[a-e])[.):-]|[-*•])\s+(.+?)\s*$/i;
const clean = (s: string) =>
  s
    .replace(/\*\*|__|`/g, '')
    .replace(/^["'“]|["'”]$/g, '')
    .trim();

/** The projects of a numbered or bulleted reply: at most 5, each a name without its description. */
export function parseProjects(reply: string): string[] {
  const found: string[] = [];
  for (const line of reply.split(/\r?\n/)) {
    const match = LIST_ITEM.exec(line);
    if (!match) continue;
    // 'Name — description', 'Name: description' or 'Name - description': keep the name.
    const name = clean(clean(match[1]!).split(/\s+[—–]\s+|:\s+|\s+-\s+/)[0]!);
    if (name.length < 3 || name.length > 120) continue;
    if (!found.some((f) => f.toLowerCase() === name.toLowerCase())) found.push(name);
    if (found.length === PLANNER.MAX_PROJECTS) break;
  }
  return found;
}

/** The task names of a numbered reply, at most 8. */
export function parseTaskNames(reply: string): string[] {
  const names: string[] = [];
  for (const line of reply.split(/\r?\n/)) {
    const match = LIST_ITEM.exec(line);
    if (!match) continue;
    const name = clean(clean(match[1]!).split(/\s+[—–]\s+|:\s+/)[0]!);
    if (name.length >= 3 && !names.includes(name)) names.push(name);
    if (names.length === PLANNER.TASKS) break;
  }
  return names;
}

export type SubtasksCheck =
  | { ok: true; tasks: PlannedTask[] }
  | { ok: false; reason: 'invalid-json' | 'too-few-tasks' | 'names-mismatch' };

const MIN_TASKS = 3;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The first JSON object of a reply, also when wrapped in a ```json fence or prose. */
function extractJson(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply);
  const body = fenced ? fenced[1]! : reply;
  const start = body.search(/[[{]/);
  const end = Math.max(body.lastIndexOf('}'), body.lastIndexOf(']'));
  if (start < 0 || end < start) throw new SyntaxError('no JSON');
  const value: unknown = JSON.parse(body.slice(start, end + 1));
  return Array.isArray(value) ? { tasks: value } : value;
}

/**
 * Checks the subtasks reply (step 9): valid JSON of the schema, at least 3 tasks, and task names
 * matching the expected ones (in order, ignoring case and punctuation). Tasks come back in the expected names.
 */
export function checkSubtasksReply(reply: string, expected: readonly string[]): SubtasksCheck {
  let parsed: unknown;
  try {
    parsed = extractJson(reply);
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  const result = SubtasksReplySchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: 'invalid-json' };
  const tasks = result.data.tasks;
  if (tasks.length < MIN_TASKS) return { ok: false, reason: 'too-few-tasks' };
  if (expected.length > 0) {
    if (tasks.length !== expected.length) return { ok: false, reason: 'names-mismatch' };
    for (let i = 0; i < tasks.length; i++) {
      if (norm(tasks[i]!.name) !== norm(expected[i]!)) return { ok: false, reason: 'names-mismatch' };
    }
    return { ok: true, tasks: tasks.map((t, i) => ({ ...t, name: expected[i]! })) };
  }
  return { ok: true, tasks };
}

export type RetryOutcome<T> =
  | { ok: true; value: T; attempts: number }
  | { ok: false; reason: string; attempts: number };

/**
 * Asks again while the reply fails its check: one attempt plus at most 3 retries. A thrown error
 * (network, provider) stops at once; the caller shows it.
 */
export async function withRetries<T>(
  attempt: () => Promise<string>,
  check: (reply: string) => { ok: true; value: T } | { ok: false; reason: string },
  retries: number = PLANNER.JSON_RETRY_LIMIT,
): Promise<RetryOutcome<T>> {
  let reason = '';
  for (let i = 0; i <= retries; i++) {
    const result = check(await attempt());
    if (result.ok) return { ok: true, value: result.value, attempts: i + 1 };
    reason = result.reason;
  }
  return { ok: false, reason, attempts: retries + 1 };
}

export interface SseEvent {
  event: string;
  data: string;
}

/** An incremental parser of a text/event-stream: feed chunks, get whole events. */
export function sseParser() {
  let buffer = '';
  return (chunk: string): SseEvent[] => {
    buffer += chunk.replace(/\r\n/g, '\n');
    const events: SseEvent[] = [];
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
    return events;
  };
}

/** The success-plan progress after one tick: +0.5 up to 98; 100 only once every section is done. */
export function nextProgress(current: number, allDone: boolean): number {
  if (allDone) return 100;
  return Math.min(PLANNER.PROGRESS_CAP, current + PLANNER.PROGRESS_STEP);
}

/** 8 tasks in 4 colour groups: two of each, in order. */
export function taskColor(index: number): (typeof PLANNER.TASK_COLORS)[number] {
  const perGroup = PLANNER.TASKS / PLANNER.TASK_COLOR_GROUPS;
  return PLANNER.TASK_COLORS[Math.floor(index / perGroup) % PLANNER.TASK_COLOR_GROUPS]!;
}

/** The S, M, A, R, T lines of a SMART goal reply, by part. */
export function parseSmartGoal(
  reply: string,
): Record<'specific' | 'measurable' | 'achievable' | 'relevant' | 'time_bound', string> {
  const out = { specific: '', measurable: '', achievable: '', relevant: '', time_bound: '' };
  const keys: [RegExp, keyof typeof out][] = [
    [/^\W*specific\W*[:-]/i, 'specific'],
    [/^\W*measurable\W*[:-]/i, 'measurable'],
    [/^\W*achievable\W*[:-]/i, 'achievable'],
    [/^\W*relevant\W*[:-]/i, 'relevant'],
    [/^\W*time[- ]?bound\W*[:-]/i, 'time_bound'],
  ];
  let current: keyof typeof out | null = null;
  for (const line of reply.split(/\r?\n/)) {
    const hit = keys.find(([re]) => re.test(line));
    if (hit) {
      current = hit[1];
      out[current] = line.replace(hit[0], '').trim();
    } else if (current && line.trim()) out[current] = `${out[current]} ${line.trim()}`.trim();
  }
  return out;
}
