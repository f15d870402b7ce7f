import { AI_MESSAGES, UPLOAD_MESSAGES } from '@dpp/shared';
import { TOOLS, type ToolValue } from '@dpp/shared/constants';
import {
  GOAL_QUESTIONS,
  type GoalFormAnswers,
  HELP_AREAS,
  HELP_TYPES,
  type HelpArea,
  INDUSTRIES,
  OTHER,
} from '@dpp/shared/planner/options';
import { taskColor } from '@dpp/shared/rules/planner';
import { Alert, Button, Form, Input, Modal, Progress, Radio, Select, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { useSession, writeStorage } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { SaveToMyPlans } from '../my-plans/save-to-my-plans';
import { rememberPlan, selectTool, TASK_TOOLS } from '../upload/upload-state';
import { downloadPlan } from './planner.api';
import { PLANNER_STEPS } from './planner-steps';
import { useWizard } from './use-wizard';
import './planner.css';

/**
 * The planner's tool choice: the task tools under their labels (docs/product-rules.md, AI planner), then the
 * spreadsheet download.
 */
const PLANNER_LABELS: Partial<Record<ToolValue, string>> = { [TOOLS.CLICKUP]: 'Click Up' };
const TOOL_CHOICES: { value: ToolValue; label: string; signUp?: string }[] = [
  ...TASK_TOOLS.map((t) => ({ value: t.value, label: PLANNER_LABELS[t.value] ?? t.name, signUp: t.registrationLink })),
  { value: TOOLS.DOWNLOAD, label: 'Download a spreadsheet' },
];

/** Storage key of the AI plan the upload flow sends. */
const AI_PLAN_ID_KEY = 'aiPlanID';

type Confirm = null | 'projects' | 'project';

function GoalForm({
  initial,
  disabled,
  onSubmit,
}: {
  initial: GoalFormAnswers;
  disabled: boolean;
  onSubmit: (a: GoalFormAnswers) => void;
}) {
  const [form] = Form.useForm<GoalFormAnswers>();
  const industry = Form.useWatch('industry', form);
  const area = Form.useWatch('help_needed', form) as HelpArea | undefined;
  const sub = Form.useWatch('help_needed_subcategory', form);
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Form<GoalFormAnswers>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => onSubmit({ ...initial, ...values })}
      requiredMark={false}
      className="planner-goal-form"
    >
      <Form.Item
        label={`1. ${GOAL_QUESTIONS.industry}`}
        name="industry"
        rules={required('Please choose your industry')}
      >
        <Select options={INDUSTRIES.map((i) => ({ value: i, label: i }))} placeholder="Choose an industry" />
      </Form.Item>
      {industry === OTHER && (
        <Form.Item label="Your industry" name="industry_other" rules={required('Please enter your industry')}>
          <Input maxLength={200} />
        </Form.Item>
      )}
      <Form.Item
        label={`2. ${GOAL_QUESTIONS.products_services}`}
        name="products_services"
        rules={required('Please describe what you offer')}
      >
        <Input.TextArea rows={2} maxLength={600} />
      </Form.Item>
      <Form.Item
        label={`3. ${GOAL_QUESTIONS.help_needed}`}
        name="help_needed"
        rules={required('Please choose an area')}
      >
        <Select
          options={Object.keys(HELP_AREAS).map((a) => ({ value: a, label: a }))}
          placeholder="Choose an area"
          onChange={() => form.setFieldValue('help_needed_subcategory', undefined)}
        />
      </Form.Item>
      {area && (
        <Form.Item label="Which part of it?" name="help_needed_subcategory" rules={required('Please choose one')}>
          <Radio.Group options={HELP_AREAS[area].map((s) => ({ value: s, label: s }))} />
        </Form.Item>
      )}
      {sub === OTHER && (
        <Form.Item label="Tell us more" name="help_needed_other" rules={required('Please describe what you need')}>
          <Input maxLength={300} />
        </Form.Item>
      )}
      <Form.Item
        label={`4. ${GOAL_QUESTIONS.specific_problem}`}
        name="specific_problem"
        rules={required('Please describe the problem or goal')}
      >
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
      <Form.Item
        label={`5. ${GOAL_QUESTIONS.success_measure}`}
        name="success_measure"
        rules={required('Please say how you will measure success')}
      >
        <Input maxLength={600} />
      </Form.Item>
      <Form.Item label={`6. ${GOAL_QUESTIONS.help_type}`} name="help_type" rules={required('Please choose one')}>
        <Radio.Group options={HELP_TYPES.map((h) => ({ value: h, label: h }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={disabled} loading={false}>
        Make it S.M.A.R.T.
      </Button>
    </Form>
  );
}

/** A step's failure, in words, with the button that runs the step again. */
function StepError({
  message,
  description,
  onRetry,
}: {
  message: string | null;
  description?: string;
  onRetry: () => void;
}) {
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      description={description}
      className="planner-alert"
      action={<Button onClick={onRetry}>Retry</Button>}
    />
  );
}

/** /ai/generate: the five-step AI planner. */
export function AiGeneratePage() {
  useDocumentTitle('AI Planner');
  const { identity } = useSession();
  const email = identity?.attributes.email ?? '';
  const w = useWizard(email);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [choice, setChoice] = useState<string>('');
  const [tool, setTool] = useState<ToolValue>(TOOLS.ASANA);
  const [downloading, setDownloading] = useState(false);

  const selected = choice || w.project;
  const loading = w.busy !== null;
  const errorHere = (where: typeof w.busy) => (w.error && w.error.where === where ? w.error.message : null);

  const download = async (excel: boolean) => {
    setDownloading(true);
    try {
      await downloadPlan({ id: w.planId, email, title: w.title, excel });
    } catch (e) {
      void notify('error', 'Download failed', e instanceof ApiError ? e.message : 'Please try again');
    } finally {
      setDownloading(false);
    }
  };

  const transfer = () => {
    if (tool === TOOLS.DOWNLOAD) return void download(true);
    selectTool(tool);
    if (w.planId) {
      writeStorage(AI_PLAN_ID_KEY, String(w.planId));
      // The upload flow takes the saved AI plan as it takes a template: by its plan id.
      rememberPlan(`ai-${w.planId}`, w.title);
    }
    navigate('/upload-action/connect', {
      state: { payment: 'done', selectedTool: tool, aiPlanId: w.planId, planTitle: w.title, source: 'ai' },
    });
  };

  const footer = () => {
    const back = w.step > 0 && (
      <Button onClick={() => w.goTo(w.step - 1)} disabled={loading}>
        Back
      </Button>
    );
    switch (w.step) {
      case 0:
        return (
          <>
            {back}
            <Button type="primary" disabled={loading || w.projects.length === 0} onClick={() => w.goTo(1)}>
              Continue
            </Button>
          </>
        );
      case 1:
        return (
          <>
            {back}
            <Button type="primary" disabled={loading || !selected} onClick={() => setConfirm('project')}>
              Continue
            </Button>
          </>
        );
      case 2:
        return (
          <>
            {back}
            <Button
              type="primary"
              disabled={loading || !w.planDone}
              onClick={() => (w.tasks.length ? w.goTo(3) : w.generateTasks())}
            >
              Generate Task List
            </Button>
          </>
        );
      case 3:
        return (
          <>
            {back}
            <Button disabled={loading || w.tasks.length === 0} loading={downloading} onClick={() => download(false)}>
              Download to Continue
            </Button>
            {/* The plan is kept once its task list is saved: then it can become the member's own copy. */}
            {w.planId !== undefined && !loading && w.tasks.length > 0 && (
              <SaveToMyPlans size="middle" request={{ source: 'ai', aiPlanId: w.planId }} />
            )}
            <Button type="primary" disabled={loading || w.tasks.length === 0} onClick={() => w.goTo(4)}>
              Send Task List
            </Button>
          </>
        );
      default:
        return (
          <>
            {back}
            {tool === TOOLS.DOWNLOAD ? (
              <Button type="primary" loading={downloading} onClick={transfer}>
                Download
              </Button>
            ) : (
              <Button type="primary" onClick={transfer}>
                Upload
              </Button>
            )}
          </>
        );
    }
  };

  return (
    <main className="planner container">
      <h1>AI Planner</h1>
      <Steps
        current={w.step}
        size="small"
        items={PLANNER_STEPS.map((title) => ({ title }))}
        className="planner-steps"
      />
      {w.resumed && (
        <p className="planner-resume">
          We kept your plan from last time.{' '}
          <Button type="link" onClick={w.startOver}>
            Start a new plan
          </Button>
        </p>
      )}

      {w.step === 0 && (
        <section aria-labelledby="planner-step-title">
          <h2 id="planner-step-title">Goal Clarity Wizard</h2>
          <GoalForm initial={w.answers} disabled={loading || w.goal !== ''} onSubmit={w.makeSmart} />
          <StepError message={errorHere('goal')} onRetry={() => w.makeSmart(w.answers)} />
          {(w.goal || w.busy === 'goal') && (
            <div className="planner-goal" aria-live="polite" aria-busy={w.busy === 'goal'}>
              <h3>Your S.M.A.R.T. goal</h3>
              {editing ? (
                <Input.TextArea
                  aria-label="SMART goal"
                  value={draft}
                  rows={6}
                  onChange={(e) => setDraft(e.target.value)}
                />
              ) : (
                <p className="planner-text" data-testid="smart-goal">
                  {w.goal}
                </p>
              )}
              <div className="planner-actions">
                <Button
                  disabled={w.busy === 'goal' || !w.goal}
                  onClick={() => {
                    if (editing) w.saveGoal(draft.trim() || w.goal);
                    else setDraft(w.goal);
                    setEditing(!editing);
                  }}
                >
                  {editing ? 'Save' : 'Edit Goal'}
                </Button>
                <Button type="primary" disabled={loading || editing || !w.goal} onClick={() => setConfirm('projects')}>
                  Get Projects
                </Button>
              </div>
            </div>
          )}
        </section>
      )}

      {w.step === 1 && (
        <section aria-labelledby="planner-step-title">
          <h2 id="planner-step-title">Recommendation Engine</h2>
          <StepError message={errorHere('projects')} onRetry={w.getProjects} />
          <Radio.Group
            className="planner-projects"
            value={selected}
            onChange={(e) => setChoice(e.target.value as string)}
            options={w.projects.map((p) => ({ value: p, label: p }))}
            aria-label="Recommended projects"
          />
          {w.busy === 'projects' && w.projects.length === 0 && <p>Finding projects for your goal…</p>}
          <h3>Tips</h3>
          <p className="planner-text" aria-live="polite">
            {w.tipsText}
          </p>
        </section>
      )}

      {w.step === 2 && (
        <section aria-labelledby="planner-step-title">
          <h2 id="planner-step-title">My Success Plan</h2>
          <p>{w.project}</p>
          <Progress type="circle" percent={w.progress} format={(p) => `${p}%`} aria-label="Success plan progress" />
          <StepError message={errorHere('plan')} onRetry={() => w.buildPlan(w.project)} />
          <ol className="planner-sections">
            {w.sections.map((s) => (
              <li key={s.title} className={s.isFinished ? 'is-finished' : ''} data-finished={s.isFinished}>
                <h3>{s.title}</h3>
                <p className="planner-text">{s.text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      {w.step === 3 && (
        <section aria-labelledby="planner-step-title">
          <h2 id="planner-step-title">Task List Generator</h2>
          <StepError
            message={errorHere('tasks')}
            description={AI_MESSAGES.TASKS_FAILED_TEXT}
            onRetry={w.generateTasks}
          />
          {w.busy === 'tasks' && <p aria-live="polite">Building your task list…</p>}
          <ol className="planner-tasks">
            {(w.tasks.length ? w.tasks : w.taskNames.map((name) => ({ name, subtasks: [] }))).map((t, i) => (
              <li key={t.name} className={`planner-task planner-task--${taskColor(i)}`}>
                <h3>{t.name}</h3>
                {t.subtasks.length > 0 && (
                  <ul>
                    {t.subtasks.map((s) => (
                      <li key={s.name}>
                        <strong>{s.name}</strong>
                        {s.description && <> — {s.description}</>}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}

      {w.step === 4 && (
        <section aria-labelledby="planner-step-title">
          <h2 id="planner-step-title">Project Management Tool Transfer</h2>
          <Radio.Group
            value={tool}
            onChange={(e) => setTool(e.target.value as ToolValue)}
            className="planner-tools"
            aria-label="Tool"
          >
            {TOOL_CHOICES.map((t) => (
              <div key={t.value} className="planner-tool">
                <Radio value={t.value}>{t.label}</Radio>
                {t.signUp && (
                  <a href={t.signUp} target="_blank" rel="noopener noreferrer">
                    {UPLOAD_MESSAGES.NEED_ACCOUNT}
                    <span className="lp-sr-only"> {t.label} (opens in a new tab)</span>
                  </a>
                )}
              </div>
            ))}
          </Radio.Group>
          <p>
            By sending your plan you agree to our <Link to="/terms-of-use">Terms of Use</Link>.
          </p>
        </section>
      )}

      <div className="planner-footer">{footer()}</div>

      <Modal
        open={confirm !== null}
        title={confirm === 'project' ? `Are you ready to proceed with ${selected}?` : 'Get projects for this goal?'}
        okText="Continue"
        cancelText="Cancel"
        onCancel={() => setConfirm(null)}
        onOk={() => {
          const which = confirm;
          setConfirm(null);
          if (which === 'projects') {
            setChoice('');
            void w.getProjects();
          } else void w.buildPlan(selected);
        }}
      >
        {confirm === 'project' ? (
          <p>We will build the success plan of this project.</p>
        ) : (
          <p>We will suggest up to 5 projects that reach your goal.</p>
        )}
      </Modal>
    </main>
  );
}
