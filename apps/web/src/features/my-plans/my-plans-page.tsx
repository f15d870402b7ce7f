import type { MyPlanSummary, SharedPlanSummary } from '@dpp/shared/schemas/my-plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { TeamPanel } from '../team/team-panel';
import { FirstSteps, NewBlankPlanButton } from './first-steps';
import { deleteMyPlan, listMyPlans, myPlansKeys } from './my-plans.api';
import { countText, SOURCE_LABELS, whenText } from './my-plans-format';
import { ProgressCell, ProgressDetails } from './plan-progress';
import './my-plans.css';

/** How often the list is read again while a plan just sent waits for its first progress read. */
const WAITING_POLL_MS = 3000;

/** /my-plans: the member's own copies, and how many their membership keeps. */
export function MyPlansPage() {
  useDocumentTitle('My Plans');
  const queryClient = useQueryClient();
  /** The rows whose progress details are open. */
  const [open, setOpen] = useState<number[]>([]);
  const toggle = (id: number) => setOpen((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  const list = useQuery({
    queryKey: myPlansKeys.list,
    queryFn: ({ signal }) => listMyPlans(signal),
    // A plan just sent is read back from its tool within moments: the list looks again until it has been.
    refetchInterval: (query) =>
      query.state.data?.plans.some((plan) => plan.sendings.some((s) => s.state === 'waiting'))
        ? WAITING_POLL_MS
        : false,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteMyPlan(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPlansKeys.list }),
    onError: (error) =>
      void notify('error', 'The plan was not deleted', error instanceof ApiError ? error.message : 'Please try again'),
  });

  return (
    <main className="container my-plans">
      <div className="my-plans__head">
        <h1>My Plans</h1>
        {list.data && (
          <p className="my-plans__count" data-testid="my-plans-count">
            {countText(list.data.plans.length, list.data.limit)}
          </p>
        )}
        {/* An empty list offers it among the first steps. */}
        {list.data && list.data.plans.length > 0 && <NewBlankPlanButton type="primary" />}
      </div>
      <p>
        Every plan you save from a <Link to="/project-plans">template</Link> or the <Link to="/ai">AI Planner</Link> is
        your own copy: edit it, then send it to your task tool or download it.
      </p>
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={list.error instanceof ApiError ? list.error.message : 'We could not load your plans.'}
          action={<Button onClick={() => void list.refetch()}>Try again</Button>}
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.data.plans.length === 0 ? (
        <>
          <p className="my-plans__empty">You have no plans yet. Start your first one in one of three ways:</p>
          <FirstSteps />
        </>
      ) : (
        // A narrow window scrolls the table sideways; the region takes the focus so the keyboard scrolls it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        <section className="my-plans__table" aria-label="My plans" tabIndex={0}>
          <Table<MyPlanSummary>
            rowKey="id"
            dataSource={list.data.plans}
            pagination={false}
            expandable={{
              expandedRowKeys: open,
              showExpandColumn: false,
              expandedRowRender: (plan) => <ProgressDetails planId={plan.id} name={plan.name} />,
            }}
            columns={[
              {
                title: 'Plan',
                key: 'name',
                render: (_, plan) => <Link to={`/my-plans/${plan.id}`}>{plan.name}</Link>,
              },
              { title: 'From', key: 'source', render: (_, plan) => SOURCE_LABELS[plan.source_kind] },
              { title: 'Tasks', dataIndex: 'task_count', key: 'tasks', align: 'right' },
              { title: 'Last change', key: 'updated', render: (_, plan) => whenText(plan.updated_at) },
              { title: 'Sent to, and progress', key: 'progress', render: (_, plan) => <ProgressCell plan={plan} /> },
              {
                title: <span className="visually-hidden">Actions</span>,
                key: 'actions',
                render: (_, plan) => (
                  <span className="my-plans__actions">
                    <Link to={`/my-plans/${plan.id}`} aria-label={`Open ${plan.name}`}>
                      Open
                    </Link>
                    {plan.sendings.some((s) => s.state !== 'waiting') && (
                      <Button
                        size="small"
                        aria-expanded={open.includes(plan.id)}
                        aria-label={`Progress details of ${plan.name}`}
                        onClick={() => toggle(plan.id)}
                      >
                        Details
                      </Button>
                    )}
                    <Popconfirm
                      title={`Delete ${plan.name}?`}
                      description="Your copy and its edits are deleted. What was sent to a task tool stays there."
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      cancelText="Keep"
                      onConfirm={() => remove.mutateAsync(plan.id).catch(() => undefined)}
                    >
                      <Button danger size="small" aria-label={`Delete ${plan.name}`}>
                        Delete
                      </Button>
                    </Popconfirm>
                  </span>
                ),
              },
            ]}
          />
        </section>
      )}
      {list.data && list.data.shared.length > 0 && <SharedWithMe plans={list.data.shared} />}
      <TeamPanel />
    </main>
  );
}

/** The plans teammates' owners share with the member: whose each is, and whether they may edit it. */
function SharedWithMe({ plans }: { plans: SharedPlanSummary[] }) {
  return (
    <section className="my-plans__shared" aria-labelledby="shared-with-me-title">
      <h2 id="shared-with-me-title">Shared with me</h2>
      <ul className="my-plans__shared-list">
        {plans.map((plan) => (
          <li key={plan.id}>
            <Link to={`/my-plans/${plan.id}`}>{plan.name}</Link>{' '}
            <span className="my-plans__shared-meta">
              {plan.owner_name}'s plan · {plan.role === 'editor' ? 'you can edit it' : 'you can view it'} ·{' '}
              {plan.task_count} {plan.task_count === 1 ? 'task' : 'tasks'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
