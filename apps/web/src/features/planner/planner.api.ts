import { AI_MESSAGES } from '@dpp/shared/messages';
import { checkSubtasksReply, sseParser, withRetries } from '@dpp/shared/rules/planner';
import type { AiPlan, AiPlanState, AiRequest, DownloadLink, PlannedTask } from '@dpp/shared/schemas/planner';
import { ApiError, apiGet, apiGetFile, apiPost, apiPostStream } from '../../shared/api/client';
import { saveFile } from '../../shared/save-file';

/**
 * Runs one step on the server and hands over the text as it arrives. Resolves with the whole reply once
 * the server's `done` event has come; rejects with ApiError on a refusal (cap, permission), when the
 * provider fails mid-way, or when the stream ends or breaks before `done` (a half-written answer).
 */
export async function streamAi(
  request: AiRequest,
  onText: (textSoFar: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const response = await apiPostStream('/openai', request, signal);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parse = sseParser();
  let text = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of parse(value)) {
        if (event.event === 'delta') {
          text += (JSON.parse(event.data) as { text: string }).text;
          onText(text);
        } else if (event.event === 'done') {
          finished = true;
        } else if (event.event === 'error') {
          const { code, message } = JSON.parse(event.data) as { code: 'UPSTREAM_FAILED'; message: string };
          throw new ApiError(502, code, message);
        }
      }
    }
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    // The connection broke mid-answer.
    throw new ApiError(0, 'NETWORK', AI_MESSAGES.PROVIDER_FAILED);
  }
  if (!finished) throw new ApiError(502, 'UPSTREAM_FAILED', AI_MESSAGES.PROVIDER_FAILED);
  return text;
}

export class TasksFailedError extends Error {
  constructor(readonly reason: string) {
    super(AI_MESSAGES.TASKS_FAILED);
  }
}

/** The subtasks of every task, asked again at most 3 times when the JSON does not check out. */
export async function generateSubtasks(base: AiRequest, names: string[]): Promise<PlannedTask[]> {
  const outcome = await withRetries(
    () => streamAi({ ...base, step: '9', tasks_array: names, count: names.length }, () => {}),
    (reply) => {
      const check = checkSubtasksReply(reply, names);
      return check.ok ? { ok: true as const, value: check.tasks } : check;
    },
  );
  if (!outcome.ok) throw new TasksFailedError(outcome.reason);
  return outcome.value;
}

export const savePlan = (body: {
  id?: number;
  email: string;
  title: string;
  project: string;
  tasks: PlannedTask[];
  state: AiPlanState;
}) => apiPost<AiPlan>('/ai/planfile', body);

export const listPlans = () => apiGet<AiPlan[]>('/ai/plans');

/**
 * Asks for a single-use download link, fetches the file with the session (the link is its owner's only)
 * and hands it to the browser to save.
 */
export async function downloadPlan(body: { id?: number; email: string; title: string; excel: boolean }) {
  const link = await apiPost<DownloadLink>('/ai/download', body);
  saveFile(await apiGetFile(link.url), link.file_name);
  return link;
}
