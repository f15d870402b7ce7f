import {
  MY_PLAN_PROGRESS_MESSAGES,
  type MyPlanProgress,
  type MyPlanProgressTask,
  type MyPlanSummary,
} from '@dpp/shared/schemas/my-plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { lazy, Suspense, useId } from 'react';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { getMyPlanProgress, myPlansKeys, refreshMyPlanProgress } from './my-plans.api';
import { dayText, refreshFailure, toolName, whenText } from './my-plans-format';

// The chart library comes with the first burn-up opened, never with the list itself.
const BurnUpChart = lazy(async () => ({ default: (await import('./burn-up-chart')).BurnUpChart }));

const doneText = (p: Pick<MyPlanProgress, 'done' | 'total'>) => `${p.done} of ${p.total} done`;

/** The sentence for a sending that cannot be read (deleted, disconnected, unreachable); null when it was read. */
function problemText(progress: MyPlanProgress): string | null {
  const tool = toolName(progress.tool);
  if (progress.state === 'gone') return MY_PLAN_PROGRESS_MESSAGES.GONE(tool);
  if (progress.state === 'disconnected') return MY_PLAN_PROGRESS_MESSAGES.DISCONNECTED(tool);
  if (progress.state === 'failed') return MY_PLAN_PROGRESS_MESSAGES.FAILED(tool);
  return null;
}

function dueText(task: MyPlanProgressTask): string {
  return task.due_on ? `due ${dayText(task.due_on)}` : 'no due date';
}

/** Reads the progress again now; the list and the open details show the answer. */
export function useRefreshProgress(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshMyPlanProgress(planId),
    onSuccess: async (detail) => {
      queryClient.setQueryData(myPlansKeys.progress(planId), detail);
      await queryClient.invalidateQueries({ queryKey: myPlansKeys.list, exact: true });
    },
    onError: (error) => {
      const { kind, title, description } = refreshFailure(error);
      void notify(kind, title, description);
    },
  });
}

/** The list's cell: done of all with a bar, late and next, when it was read, and Refresh. */
export function ProgressCell({ plan }: { plan: MyPlanSummary }) {
  const refresh = useRefreshProgress(plan.id);
  const progress = plan.progress;
  if (!progress) return <span className="my-plans__muted">—</span>;
  const tool = toolName(progress.tool);
  const problem = problemText(progress);
  return (
    <div className="plan-progress">
      {progress.state === 'waiting' ? (
        <span className="my-plans__muted">Reading from {tool}…</span>
      ) : (
        <>
          <span className="plan-progress__figures">
            <strong>{doneText(progress)}</strong>
            {progress.late > 0 && <span className="plan-progress__late">{progress.late} late</span>}
          </span>
          <progress
            className="plan-progress__bar"
            value={progress.done}
            max={Math.max(progress.total, 1)}
            aria-label={`${plan.name}: ${doneText(progress)}`}
          />
          {progress.next && (
            <span className="plan-progress__next">
              Next: {progress.next.name}, {dueText(progress.next)}
            </span>
          )}
        </>
      )}
      {problem && <span className="plan-progress__problem">{problem}</span>}
      <span className="plan-progress__read">
        {progress.read_at ? `Read from ${tool} ${whenText(progress.read_at)}` : null}
        <Button
          size="small"
          loading={refresh.isPending}
          onClick={() => refresh.mutate()}
          aria-label={`Refresh the progress of ${plan.name}`}
        >
          Refresh
        </Button>
      </span>
    </div>
  );
}

function TaskList(props: { title: string; tasks: MyPlanProgressTask[] }) {
  const headingId = useId();
  if (props.tasks.length === 0) return null;
  return (
    <section className="plan-progress__list" aria-labelledby={headingId}>
      <h3 id={headingId}>{props.title}</h3>
      <ul>
        {props.tasks.map((task, index) => (
          // Names may repeat across sections; the order of the plan does not change between reads.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is the plan's order, redrawn whole.
          <li key={index}>
            {task.name}{' '}
            <span className="my-plans__muted">
              ({task.section}, {dueText(task)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many open tasks the details name as next. */
const NEXT_SHOWN = 5;

/** A row's details: the late tasks, the next ones, and the burn-up since the plan was sent. */
export function ProgressDetails({ planId, name }: { planId: number; name: string }) {
  const detail = useQuery({
    queryKey: myPlansKeys.progress(planId),
    queryFn: ({ signal }) => getMyPlanProgress(planId, signal),
  });
  if (detail.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={detail.error instanceof ApiError ? detail.error.message : 'We could not load the progress.'}
        action={<Button onClick={() => void detail.refetch()}>Try again</Button>}
      />
    );
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const { tasks, history } = detail.data;
  const open = tasks.filter((t) => !t.done);
  const next = [...open]
    .filter((t) => !t.late)
    .sort((a, b) => (a.due_on ?? '9999').localeCompare(b.due_on ?? '9999'))
    .slice(0, NEXT_SHOWN);
  return (
    <div className="plan-progress__details">
      <TaskList title="Late" tasks={open.filter((t) => t.late)} />
      <TaskList title="Next" tasks={next} />
      {history.length > 0 && (
        <section className="plan-progress__burn-up">
          <h3>Burn-up</h3>
          <Suspense fallback={<div className="plan-progress__chart" />}>
            <BurnUpChart name={name} history={history} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
