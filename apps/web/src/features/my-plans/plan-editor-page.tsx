import { FileExcelOutlined, FileWordOutlined, RedoOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { MY_PLAN_LIMITS, MY_PLANS_MESSAGES, type MyPlanOpened } from '@dpp/shared/schemas/my-plans';
import { PLAN_ACCESS_MESSAGES, type PlanPerson } from '@dpp/shared/schemas/team';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Input, Modal, Skeleton, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { keepPageWhenSessionEnds, rememberRedirect, useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { NotFound } from '../errors/notice';
import { type AccessChoice, SharePlan } from '../team/share-plan';
import { downloadMyPlan, getMyPlan, myPlansKeys } from './my-plans.api';
import { toolName, whenText } from './my-plans-format';
import { PlanPeople, PlanReadOnly } from './plan-access';
import { type EditorDocument, findTask, planOps, skippedText } from './plan-document';
import { PlanOutline } from './plan-editor';
import { PlanTimeline } from './plan-timeline';
import { PLAN_DAY_BOUNDS } from './task-details';
import { TaskStatesProvider } from './task-status';
import { historyKey, type SaveStatus, usePlanEditor } from './use-plan-editor';
import './my-plans.css';

const STATUS_TEXT: Record<SaveStatus['kind'], string> = {
  saved: 'Saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  merging: 'Saving…',
  failed: 'Not saved',
  'signed-out': 'Not saved',
  invalid: 'Not saved',
};

/** The editor's Undo and Redo keys (`historyKey`) work everywhere on the page, its text fields included. */
function useHistoryKeys(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = historyKey(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

/** The plan editor stays on the page when the session ends, to say so and keep the member's work. */
function useKeptOnSessionEnd() {
  useEffect(() => keepPageWhenSessionEnds(), []);
}

/** Whether a task of the plan is assigned to this person. */
const assignsTo = (doc: EditorDocument, personId: number) =>
  doc.plan.sections.some((s) => s.tasks.some((t) => t.assignee_id === personId));

function Editor({ copy, member }: { copy: MyPlanOpened; member: string }) {
  const { user } = useSession();
  const owner = copy.role === 'owner';
  const readOnly = copy.role === 'viewer';
  const editor = usePlanEditor(copy, member, user !== null, readOnly);
  const { doc, status, change } = editor;
  /** The plan's people: its owner and the teammates it is shared with (the owner's Share control changes them). */
  const [people, setPeople] = useState<readonly PlanPerson[]>(copy.team);
  const navigate = useNavigate();
  useKeptOnSessionEnd();
  const startId = useId();
  const [sending, setSending] = useState(false);
  const [downloading, setDownloading] = useState<'docx' | 'xlsx' | null>(null);
  useDocumentTitle(doc.name || 'My plan');
  useHistoryKeys(editor.undo, editor.redo);

  /** What leaves the page (a sending, a download) reads the stored copy: it waits for the last change. */
  const savedFirst = async (): Promise<boolean> => {
    const ok = await editor.saveNow();
    if (!ok) void notify('error', 'Your latest changes are not saved yet', 'Save them before you go on.');
    return ok;
  };

  const download = async (format: 'docx' | 'xlsx') => {
    setDownloading(format);
    try {
      if (await savedFirst()) await downloadMyPlan(copy.id, format, doc.name);
    } catch (error) {
      void notify('error', 'Download failed', error instanceof ApiError ? error.message : 'Please try again');
    } finally {
      setDownloading(null);
    }
  };

  const send = async () => {
    if (!(await savedFirst())) return;
    setSending(false);
    // The upload wizard takes a copy as it takes a template: by its plan id.
    navigate('/upload-action', { state: { payment: 'done', planId: `my-plan-${copy.id}`, planTitle: doc.name } });
  };

  const accessChanged = (next: PlanPerson[], { teammateId, choice }: { teammateId: number; choice: AccessChoice }) => {
    setPeople(next);
    // Their access ended: the server unassigned their tasks in a new version, which the page takes in.
    if (choice === 'none' && assignsTo(doc, teammateId)) {
      void editor.reload().catch(() => notify('error', 'Reload the page', 'This plan changed on the server.'));
    }
  };

  return (
    <main className="container plan-editor">
      <p className="plan-editor__back">
        <Link to="/my-plans">My Plans</Link>
      </p>
      <div className="plan-editor__head">
        <h1 className="visually-hidden">Edit {doc.name || 'plan'}</h1>
        <Input
          aria-label="Plan name"
          size="large"
          className="plan-editor__name"
          disabled={readOnly}
          value={doc.name}
          maxLength={MY_PLAN_LIMITS.NAME}
          status={doc.name.trim() ? undefined : 'error'}
          onChange={(e) => change((d) => planOps.rename(d, e.target.value), 'name')}
        />
        <span
          className="plan-editor__status"
          role="status"
          aria-live="polite"
          data-status={status.kind}
          data-version={editor.savedVersion}
        >
          {STATUS_TEXT[status.kind]}
        </span>
      </div>
      {!doc.name.trim() && <p className="plan-editor__error">{MY_PLANS_MESSAGES.NAME_REQUIRED}</p>}
      {!owner && (
        <p className="plan-editor__shared" data-role={copy.role}>
          {readOnly
            ? PLAN_ACCESS_MESSAGES.READ_ONLY_NOTE(copy.owner_name ?? 'its owner')
            : `${copy.owner_name ?? 'A teammate'} shares this plan with you as an editor: your changes are saved for everyone.`}
        </p>
      )}

      {status.kind === 'signed-out' && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="plan-editor__alert"
          title={
            editor.unsaved
              ? 'Your session has ended. Sign in again to save your changes — they are kept on this device.'
              : 'Your session has ended. Sign in again to go on editing this plan.'
          }
          action={
            <Button
              type="primary"
              onClick={() => {
                // Login brings the member back here; the editor then finds the kept changes and saves them.
                rememberRedirect(`/my-plans/${copy.id}`);
                navigate('/user-login');
              }}
            >
              Sign in again
            </Button>
          }
        />
      )}
      {editor.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          closable={{ 'aria-label': 'Close' }}
          onClose={editor.dismissSkipped}
          className="plan-editor__alert"
          title="This plan was changed in another tab or window: your changes are made again on its latest version."
          description={skippedText(editor.skipped)}
        />
      )}
      {editor.olderDraft && (
        <Alert
          type="info"
          showIcon
          closable={{ 'aria-label': 'Close' }}
          className="plan-editor__alert"
          title="Changes kept on this device were made on an earlier version of this plan; they are laid over the latest one. Undo brings the latest back."
        />
      )}
      {status.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="plan-editor__alert"
          title={status.message}
          action={<Button onClick={() => void editor.flush()}>Try again</Button>}
        />
      )}

      {status.kind === 'invalid' && (
        <Alert type="warning" showIcon className="plan-editor__alert" title={`Not saved yet: ${status.message}`} />
      )}

      <div className="plan-editor__toolbar">
        {!readOnly && (
          <>
            <Button icon={<UndoOutlined aria-hidden />} disabled={!editor.canUndo} onClick={editor.undo}>
              Undo
            </Button>
            <Button icon={<RedoOutlined aria-hidden />} disabled={!editor.canRedo} onClick={editor.redo}>
              Redo
            </Button>
          </>
        )}
        {/* Sending and sharing are the owner's alone (the server answers anyone else 404 and 403). */}
        {owner && (
          <>
            <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => setSending(true)}>
              Send to a task tool
            </Button>
            <SharePlan planId={copy.id} people={people} onChanged={accessChanged} />
          </>
        )}
        <Button
          icon={<FileWordOutlined aria-hidden />}
          loading={downloading === 'docx'}
          onClick={() => void download('docx')}
        >
          Download Word
        </Button>
        <Button
          icon={<FileExcelOutlined aria-hidden />}
          loading={downloading === 'xlsx'}
          onClick={() => void download('xlsx')}
        >
          Download Excel
        </Button>
      </div>

      <div className="plan-editor__start">
        <label htmlFor={startId}>Plan start date</label>
        <DatePicker
          id={startId}
          {...PLAN_DAY_BOUNDS}
          disabled={readOnly}
          value={doc.plan.start_date ? dayjs(doc.plan.start_date) : null}
          onChange={(day: Dayjs | null) =>
            change((d) => planOps.setStartDate(d, day ? day.format('YYYY-MM-DD') : null))
          }
        />
        <span className="plan-editor__hint">A new start date moves every task's dates by as many days.</span>
      </div>

      {/* Each task's row and bar says whether it is done in the tool the plan was sent to, or late. */}
      <PlanReadOnly.Provider value={readOnly}>
        <PlanPeople.Provider value={people}>
          <TaskStatesProvider copyId={copy.id} plan={doc.plan} readsProgress={owner}>
            <Tabs
              className="plan-editor__views"
              items={[
                {
                  key: 'outline',
                  label: 'Outline',
                  className: 'plan-editor__view',
                  children: <PlanOutline doc={doc} change={change} />,
                },
                {
                  key: 'timeline',
                  label: 'Timeline',
                  className: 'plan-editor__view',
                  // A move on the timeline is an edit like any other: saved, versioned and undone the same way.
                  children: (
                    <PlanTimeline
                      plan={doc.plan}
                      onMoveTask={(taskId, dates) =>
                        change((d) => planOps.updateTask(d, taskId, dates), null, {
                          kind: 'task',
                          id: taskId,
                          name: findTask(doc, taskId)?.task.name ?? '',
                        })
                      }
                      onMoveWaitingLater={() => change((d) => planOps.moveWaitingLater(d))}
                      readOnly={readOnly}
                    />
                  ),
                },
              ]}
            />
          </TaskStatesProvider>
        </PlanPeople.Provider>
      </PlanReadOnly.Provider>

      <Modal
        open={sending}
        title="Send this plan to a task tool?"
        okText="Choose the tool"
        cancelText="Cancel"
        onOk={() => void send()}
        onCancel={() => setSending(false)}
      >
        <p>The plan goes as it is now, with your edits, into a new project in the tool you choose.</p>
        <p>
          <strong>Sending it again makes another new project</strong>: a project made from this plan earlier stays as it
          is, and later edits here do not reach it.
        </p>
        {copy.last_sent && (
          <p>
            Last sent to {toolName(copy.last_sent.tool)} on {whenText(copy.last_sent.at)}.
          </p>
        )}
      </Modal>
    </main>
  );
}

/**
 * The signed-in member, still named once their session has ended (the editor stays to keep their work); another
 * member signing in is another editor, with drafts of their own.
 */
function useStickyMember(): string | null {
  const { identity } = useSession();
  const [member, setMember] = useState(identity?.username ?? null);
  const now = identity?.username ?? null;
  if (now !== null && now !== member) setMember(now);
  return now ?? member;
}

/** /my-plans/:id: the plan editor of one of the member's copies. */
export function PlanEditorPage() {
  const { id = '' } = useParams();
  const member = useStickyMember();
  const planId = Number(id);
  const valid = Number.isSafeInteger(planId) && planId > 0;
  const query = useQuery({
    queryKey: [...myPlansKeys.plan(planId), member],
    queryFn: ({ signal }) => getMyPlan(planId, signal),
    enabled: valid,
    // The editor holds the document from here on; a background refetch must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <NotFound />;
  if (query.error) {
    return (
      <main className="container plan-editor">
        <Alert
          type="error"
          showIcon
          title={query.error instanceof ApiError ? query.error.message : 'We could not load this plan.'}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      </main>
    );
  }
  if (!query.data) {
    return (
      <main className="container plan-editor" aria-busy="true">
        <h1 className="visually-hidden">Loading the plan</h1>
        <Skeleton active paragraph={{ rows: 10 }} />
      </main>
    );
  }
  if (!member) return null;
  return <Editor key={`${member}:${query.data.id}`} copy={query.data} member={member} />;
}
