import { nextTasks } from '@dpp/shared/rules/progress';
import {
  MY_PLAN_PROGRESS_MESSAGES,
  type MyPlanProgressTask,
  type MyPlanSending,
  type MyPlanSendingDetail,
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

const doneText = (p: Pick<MyPlanSending, 'done' | 'total'>) => `${p.done} of ${p.total} done`;

/** The sentence for a sending that cannot be read now (deleted, disconnected, unreachable); null when it was read. */
function problemText(sending: MyPlanSending): string | null {
  const tool = toolName(sending.tool);
  if (sending.state === 'gone') return MY_PLAN_PROGRESS_MESSAGES.GONE(tool);
  if (sending.state === 'disconnected') return MY_PLAN_PROGRESS_MESSAGES.DISCONNECTED(tool);
  if (sending.state === 'failed') return MY_PLAN_PROGRESS_MESSAGES.FAILED(tool);
  return null;
}

function dueText(task: MyPlanProgressTask): string {
  return task.due_on ? `due ${dayText(task.due_on)}` : 'no due date';
}

/** Reads the progress of every sending again now; the list and the open details show the answer. */
export function useRefreshProgress(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshMyPlanProgress(planId),
    onSuccess: async (progress) => {
      queryClient.setQueryData(myPlansKeys.progress(planId), progress);
      await queryClient.invalidateQueries({ queryKey: myPlansKeys.list, exact: true });
    },
    onError: (error) => {
      const { kind, title, description } = refreshFailure(error);
      void notify(kind, title, description);
    },
  });
}

/**
 * Where a sending went: the tool and when, and a link to the project while the tool has it. A project deleted
 * there has no link: it would lead nowhere.
 */
function SentTo({ sending, plan }: { sending: MyPlanSending; plan: string }) {
  const tool = toolName(sending.tool);
  return (
    <span className="plan-sending__where">
      {tool}, {whenText(sending.sent_at)}
      {sending.project_url && sending.state !== 'gone' && (
        <>
          {' · '}
          <a href={sending.project_url} target="_blank" rel="noopener noreferrer">
            Open the project
            <span className="visually-hidden">
              {' '}
              of {plan} in {tool}
            </span>
          </a>
        </>
      )}
    </span>
  );
}

/** One sending in the list: where it went, done of all with a bar, late and next, and when it was read. */
function SendingProgress({ sending, plan }: { sending: MyPlanSending; plan: string }) {
  const tool = toolName(sending.tool);
  const problem = problemText(sending);
  // A project deleted in its tool: what was read of it before is no longer so, and is not shown.
  const current = sending.state !== 'waiting' && sending.state !== 'gone';
  return (
    <li className="plan-sending">
      <SentTo sending={sending} plan={plan} />
      {sending.state === 'waiting' && <span className="my-plans__muted">Reading from {tool}…</span>}
      {current && (
        <>
          <span className="plan-progress__figures">
            <strong>{doneText(sending)}</strong>
            {sending.late > 0 && <span className="plan-progress__late">{sending.late} late</span>}
          </span>
          <progress
            className="plan-progress__bar"
            value={sending.done}
            max={Math.max(sending.total, 1)}
            aria-label={`${plan} in ${tool}: ${doneText(sending)}`}
          />
          {sending.next && (
            <span className="plan-progress__next">
              Next: {sending.next.name}, {dueText(sending.next)}
            </span>
          )}
        </>
      )}
      {problem && <span className="plan-progress__problem">{problem}</span>}
      {current && sending.read_at && (
        <span className="plan-progress__read">
          Read from {tool} {whenText(sending.read_at)}
        </span>
      )}
    </li>
  );
}

/** The list's cell: every sending of the plan, the newest first, and one Refresh that reads them all. */
export function ProgressCell({ plan }: { plan: MyPlanSummary }) {
  const refresh = useRefreshProgress(plan.id);
  if (plan.sendings.length === 0) return <span className="my-plans__muted">Not sent yet</span>;
  return (
    <div className="plan-progress">
      <ul className="plan-sendings" aria-label={`Sendings of ${plan.name}`}>
        {plan.sendings.map((sending) => (
          <SendingProgress key={sending.id} sending={sending} plan={plan.name} />
        ))}
      </ul>
      <Button
        size="small"
        className="plan-progress__refresh"
        loading={refresh.isPending}
        onClick={() => refresh.mutate()}
        aria-label={`Refresh the progress of ${plan.name}`}
      >
        Refresh
      </Button>
    </div>
  );
}

function TaskList(props: { title: string; tasks: MyPlanProgressTask[] }) {
  const headingId = useId();
  if (props.tasks.length === 0) return null;
  return (
    <section className="plan-progress__list" aria-labelledby={headingId}>
      <h4 id={headingId}>{props.title}</h4>
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

/** One sending's details: its late tasks, its next ones (by the list's own rule), and its burn-up. */
function SendingDetails({ sending, name }: { sending: MyPlanSendingDetail; name: string }) {
  const headingId = useId();
  const tool = toolName(sending.tool);
  const problem = problemText(sending);
  return (
    <section className="plan-progress__sending" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {tool}, sent {whenText(sending.sent_at)}
      </h3>
      {problem && <p className="plan-progress__problem">{problem}</p>}
      {sending.state !== 'gone' && (
        <div className="plan-progress__lists">
          <TaskList title="Late" tasks={sending.tasks.filter((t) => t.late)} />
          <TaskList title="Next" tasks={nextTasks(sending.tasks, NEXT_SHOWN)} />
        </div>
      )}
      {sending.history.length > 0 && (
        <section className="plan-progress__burn-up" aria-labelledby={`${headingId}-burn-up`}>
          <h4 id={`${headingId}-burn-up`}>Burn-up</h4>
          <Suspense fallback={<div className="plan-progress__chart" />}>
            <BurnUpChart
              what={`${name} in ${tool}`}
              sentOn={sending.sent_at.slice(0, 10)}
              history={sending.history}
              planned={sending.tasks.map((t) => t.planned_on)}
            />
          </Suspense>
        </section>
      )}
    </section>
  );
}

/** A row's details: for each sending, the late tasks, the next ones, and the burn-up since it was sent. */
export function ProgressDetails({ planId, name }: { planId: number; name: string }) {
  const progress = useQuery({
    queryKey: myPlansKeys.progress(planId),
    queryFn: ({ signal }) => getMyPlanProgress(planId, signal),
  });
  if (progress.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={progress.error instanceof ApiError ? progress.error.message : 'We could not load the progress.'}
        action={<Button onClick={() => void progress.refetch()}>Try again</Button>}
      />
    );
  }
  if (!progress.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <div className="plan-progress__details">
      {progress.data.sendings
        .filter((s) => s.state !== 'waiting')
        .map((sending) => (
          <SendingDetails key={sending.id} sending={sending} name={name} />
        ))}
    </div>
  );
}
