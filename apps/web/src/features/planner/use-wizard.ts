import { PLANNER } from '@dpp/shared/constants';
import { AI_MESSAGES } from '@dpp/shared/messages';
import { answersToRequest, type GoalFormAnswers } from '@dpp/shared/planner/options';
import { nextProgress, parseProjects, parseTaskNames } from '@dpp/shared/rules/planner';
import {
  type AiPlanState,
  type AiRequest,
  PLAN_SECTION_NAMES,
  type PlannedTask,
  SECTION_STEPS,
} from '@dpp/shared/schemas/planner';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { generateSubtasks, listPlans, savePlan, streamAi, TasksFailedError } from './planner.api';

export interface SectionView {
  title: (typeof PLAN_SECTION_NAMES)[number];
  text: string;
  isFinished: boolean;
}

export type Busy = null | 'goal' | 'projects' | 'plan' | 'tasks';

const EMPTY_ANSWERS: GoalFormAnswers = {
  industry: '',
  industry_other: '',
  products_services: '',
  help_needed: '',
  help_needed_subcategory: '',
  help_needed_other: '',
  specific_problem: '',
  success_measure: '',
  help_type: '',
};

const emptySections = (): SectionView[] => PLAN_SECTION_NAMES.map((title) => ({ title, text: '', isFinished: false }));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof TasksFailedError ? error.message : 'Please try again';
}

/** The sections a save keeps: finished ones only, so a half-written one never comes back as done. */
export function savedSections(sections: readonly SectionView[]): AiPlanState['successPlan'] {
  return sections.filter((s) => s.isFinished && s.text).map((s) => ({ title: s.title, text: s.text }));
}

/** The state and moves of the five-step wizard; the plan is saved at each milestone so a reload resumes it. */
export function useWizard(email: string) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<GoalFormAnswers>(EMPTY_ANSWERS);
  const [goal, setGoal] = useState('');
  const [goalUpdated, setGoalUpdated] = useState(false);
  const [tipsText, setTipsText] = useState('');
  const [projectsText, setProjectsText] = useState('');
  const [project, setProject] = useState('');
  const [sections, setSections] = useState<SectionView[]>(emptySections);
  const [progress, setProgress] = useState(0);
  const [taskNames, setTaskNames] = useState<string[]>([]);
  const [tasks, setTasks] = useState<PlannedTask[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<{ where: Busy; message: string } | null>(null);
  const [planId, setPlanId] = useState<number | undefined>();
  const [resumed, setResumed] = useState(false);
  const planIdRef = useRef<number | undefined>(undefined);
  planIdRef.current = planId;

  const projects = parseProjects(projectsText);
  const planDone = sections.every((s) => s.isFinished);
  const title = project || 'My AI Plan';

  const base = useCallback(
    (extra: Partial<AiRequest> = {}): Omit<AiRequest, 'step'> => ({
      ...answersToRequest(answers),
      email,
      smart_goal: goal,
      fullSMARTAnswer: goal,
      updated: goalUpdated,
      isUpdated: goalUpdated,
      ...(project && { selected_project: project, selected_project_short: project }),
      list_specific_projects: projectsText,
      ...extra,
    }),
    [answers, email, goal, goalUpdated, project, projectsText],
  );

  const stateOf = useCallback(
    (over: Partial<AiPlanState> = {}): AiPlanState => ({
      step,
      answers: { ...answers },
      goal,
      goalUpdated,
      projectsText,
      tipsText,
      projects,
      project,
      successPlan: savedSections(sections),
      tasks,
      ...over,
    }),
    [step, answers, goal, goalUpdated, projectsText, tipsText, projects, project, sections, tasks],
  );

  const save = useCallback(
    async (state: AiPlanState) => {
      try {
        const saved = await savePlan({
          id: planIdRef.current,
          email,
          title: state.project || 'My AI Plan',
          project: state.project,
          tasks: state.tasks,
          state,
        });
        planIdRef.current = saved.id;
        setPlanId(saved.id);
      } catch {
        // Saving is a convenience for resuming; the wizard goes on without it.
      }
    },
    [email],
  );

  // A later visit resumes the newest unfinished plan.
  useEffect(() => {
    let cancelled = false;
    listPlans()
      .then((plans) => {
        const latest = plans.find((p) => p.state);
        if (cancelled || !latest?.state) return;
        const s = latest.state;
        setPlanId(latest.id);
        setStep(s.step);
        setAnswers({ ...EMPTY_ANSWERS, ...s.answers });
        setGoal(s.goal);
        setGoalUpdated(s.goalUpdated);
        setProjectsText(s.projectsText);
        setTipsText(s.tipsText);
        setProject(s.project);
        setSections(
          PLAN_SECTION_NAMES.map((t) => {
            const text = s.successPlan.find((x) => x.title === t)?.text ?? '';
            return { title: t, text, isFinished: text !== '' };
          }),
        );
        setProgress(s.successPlan.length === PLANNER.PLAN_SECTIONS ? 100 : 0);
        setTasks(s.tasks);
        setTaskNames(s.tasks.map((t) => t.name));
        setResumed(true);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);

  /** Runs one generation; on failure `discard` clears what was half-written, and the message offers a retry. */
  const run = async (where: Busy, work: () => Promise<void>, discard: () => void) => {
    setBusy(where);
    setError(null);
    try {
      await work();
    } catch (e) {
      discard();
      setError({ where, message: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };

  const makeSmart = (values: GoalFormAnswers) =>
    run(
      'goal',
      async () => {
        setAnswers(values);
        setGoal('');
        const reply = await streamAi({ ...answersToRequest(values), email, step: '0' }, setGoal);
        setGoalUpdated(false);
        await save(stateOf({ answers: { ...values }, goal: reply, goalUpdated: false }));
      },
      () => setGoal(''),
    );

  const saveGoal = (edited: string) => {
    setGoal(edited);
    setGoalUpdated(true);
    void save(stateOf({ goal: edited, goalUpdated: true }));
  };

  /** 'Get Projects' confirmed: the ideas (step 1) and the list (step 2) are asked for at once. */
  const getProjects = () =>
    run(
      'projects',
      async () => {
        setStep(1);
        setProject('');
        const [tips, list] = await Promise.all([
          streamAi({ ...base(), step: '1' }, setTipsText),
          streamAi({ ...base(), step: '2' }, setProjectsText),
        ]);
        await save(
          stateOf({ step: 1, tipsText: tips, projectsText: list, projects: parseProjects(list), project: '' }),
        );
      },
      () => {
        setTipsText('');
        setProjectsText('');
      },
    );

  /** A project confirmed: the five sections stream one by one while the circle fills. */
  const buildPlan = (chosen: string) => {
    if (!chosen || !projects.includes(chosen)) {
      setError({ where: 'projects', message: AI_MESSAGES.PROJECT_INVALID });
      return;
    }
    setProject(chosen);
    setStep(2);
    setSections(emptySections());
    setProgress(0);
    setTasks([]);
    setTaskNames([]);
    return run(
      'plan',
      async () => {
        const timer = setInterval(() => setProgress((p) => nextProgress(p, false)), 60);
        const done: { title: SectionView['title']; text: string }[] = [];
        try {
          for (const [i, sectionStep] of SECTION_STEPS.entries()) {
            await wait(PLANNER.TYPING_DELAY_MS);
            const text = await streamAi(
              { ...base({ selected_project: chosen, selected_project_short: chosen }), step: sectionStep },
              (t) => setSections((all) => all.map((s, j) => (j === i ? { ...s, text: t } : s))),
            );
            done.push({ title: PLAN_SECTION_NAMES[i]!, text });
          }
          for (let i = 0; i < PLAN_SECTION_NAMES.length; i++) {
            setSections((all) => all.map((s, j) => (j === i ? { ...s, isFinished: true } : s)));
            if (i < PLAN_SECTION_NAMES.length - 1) await wait(PLANNER.SECTION_DELAY_MS);
          }
        } finally {
          clearInterval(timer);
        }
        setProgress(nextProgress(PLANNER.PROGRESS_CAP, true));
        await save(stateOf({ step: 2, project: chosen, successPlan: done, tasks: [] }));
      },
      () => {
        setSections(emptySections());
        setProgress(0);
      },
    );
  };

  const generateTasks = () =>
    run(
      'tasks',
      async () => {
        setStep(3);
        setTasks([]);
        const list = await streamAi({ ...base(), step: '8', count: PLANNER.TASKS }, (t) =>
          setTaskNames(parseTaskNames(t)),
        );
        const names = parseTaskNames(list);
        setTaskNames(names);
        const withSubtasks = await generateSubtasks({ ...base(), step: '9', tasksList: names }, names);
        setTasks(withSubtasks);
        await save(stateOf({ step: 3, tasks: withSubtasks }));
      },
      () => {
        setTaskNames([]);
        setTasks([]);
      },
    );

  const goTo = (next: number) => {
    setError(null);
    setStep(next);
    void save(stateOf({ step: next }));
  };

  const startOver = () => {
    setPlanId(undefined);
    planIdRef.current = undefined;
    setStep(0);
    setAnswers(EMPTY_ANSWERS);
    setGoal('');
    setGoalUpdated(false);
    setTipsText('');
    setProjectsText('');
    setProject('');
    setSections(emptySections());
    setProgress(0);
    setTaskNames([]);
    setTasks([]);
    setError(null);
    setResumed(false);
  };

  return {
    step,
    answers,
    goal,
    goalUpdated,
    tipsText,
    projects,
    project,
    sections,
    progress,
    planDone,
    taskNames,
    tasks,
    busy,
    error,
    planId,
    title,
    resumed,
    makeSmart,
    saveGoal,
    getProjects,
    buildPlan,
    generateTasks,
    goTo,
    startOver,
  };
}
