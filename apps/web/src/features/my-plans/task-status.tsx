// Which of a copy's tasks are done in the tool it was sent to, and which are late: worked out once for the editor's
// page (planTaskStates, the shared rule) and read by each task's row.
import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { todayUtc } from '@dpp/shared/rules/my-plans';
import { type PlanTaskState, planTaskStates } from '@dpp/shared/rules/progress';
import type { MyPlanDocument } from '@dpp/shared/schemas/my-plans';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { getMyPlanProgress, myPlansKeys } from './my-plans.api';

const TaskStates = createContext<ReadonlyMap<string, PlanTaskState>>(new Map());

/**
 * Gives the rows below it each task's state: done as the newest read sending of the copy says, late when open and
 * due (the copy's own day, as edited) before today. A copy never sent has late tasks only, and so has the page of a
 * teammate (`readsProgress` false: the sendings' progress is the owner's to read).
 */
export function TaskStatesProvider(props: {
  copyId: number;
  plan: MyPlanDocument;
  readsProgress: boolean;
  children: ReactNode;
}) {
  const progress = useQuery({
    queryKey: myPlansKeys.progress(props.copyId),
    queryFn: ({ signal }) => getMyPlanProgress(props.copyId, signal),
    enabled: props.readsProgress,
  });
  const sendings = progress.data?.sendings;
  const { plan } = props;
  const states = useMemo(
    () =>
      planTaskStates(
        plan.sections.flatMap((section) => section.tasks),
        sendings ?? [],
        todayUtc(),
      ),
    [plan, sendings],
  );
  return <TaskStates.Provider value={states}>{props.children}</TaskStates.Provider>;
}

/** Each task's state (done, late) by its id, for the rows and bars below TaskStatesProvider. */
export function useTaskStates(): ReadonlyMap<string, PlanTaskState> {
  return useContext(TaskStates);
}

/** A task row's mark: "Done" or "Late", in words with an icon (never colour alone); nothing for an open task on time. */
export function TaskStatusBadge({ taskId }: { taskId: string }) {
  const state = useTaskStates().get(taskId);
  if (state?.done) {
    return (
      <span className="plan-task-status plan-task-status--done">
        <CheckCircleOutlined aria-hidden /> Done
      </span>
    );
  }
  if (state?.late) {
    return (
      <span className="plan-task-status plan-task-status--late">
        <ClockCircleOutlined aria-hidden /> Late
      </span>
    );
  }
  return null;
}
