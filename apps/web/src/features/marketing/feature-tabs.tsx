import { type ComponentType, type ReactNode, useEffect, useId, useRef } from 'react';
import { PlanStepsDemo } from './demo-plan-steps';
import { ProjectsDemo } from './demo-projects';
import { SmartGoalsDemo } from './demo-smart-goals';
import { TasksDemo } from './demo-tasks';
import { runFeatureTour, TOUR_TOGGLE_TEXT } from './feature-tour';
import { FINISHED_STEP } from './feature-tour-demos';
import { BoardIcon, BulbIcon, ListIcon, TargetIcon } from './icons';
import './feature-tabs.css';

interface FeatureTab {
  key: string;
  label: string;
  summary: string;
  icon: ReactNode;
  Demo: ComponentType<{ step: number }>;
}

const TABS: readonly FeatureTab[] = [
  {
    key: 'smart',
    label: 'SMART Goals Creation',
    summary: 'Answer a few questions and get a goal that is specific, measurable and dated.',
    icon: <TargetIcon />,
    Demo: SmartGoalsDemo,
  },
  {
    key: 'projects',
    label: 'Project Generation',
    summary: 'See the projects that move your goal forward, best match first.',
    icon: <BulbIcon />,
    Demo: ProjectsDemo,
  },
  {
    key: 'tasks',
    label: 'Task Generator',
    summary: 'Get a ready task list, grouped and colour-coded by area of work.',
    icon: <ListIcon />,
    Demo: TasksDemo,
  },
  {
    key: 'plans',
    label: 'Detailed Project Plans',
    summary: 'Follow a seven-step plan from the first idea to weekly reviews.',
    icon: <BoardIcon />,
    Demo: PlanStepsDemo,
  },
];

/** A tab's demo in its window, at a step (the tour moves it on: feature-tour.ts). */
function DemoStage({ tab, step }: { tab: FeatureTab; step: number }) {
  return (
    <>
      <div className="lp-window" aria-hidden="true">
        <span className="lp-window__dot" />
        <span className="lp-window__dot" />
        <span className="lp-window__dot" />
        <span className="lp-window__title">AI Planner · {tab.label}</span>
      </div>
      <tab.Demo step={step} />
    </>
  );
}

/**
 * 'No More Blank Plans': four feature tabs that rotate every 5 s and whose demo refreshes every 2 s. Drawn here
 * as the tour starts (the first tab, its demo at the first step, the others finished); what moves is plain DOM
 * work (feature-tour.ts), which the server's page runs without the framework (ADR 0033) and the app from here.
 */
export function FeatureTabs() {
  const baseId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => (sectionRef.current ? runFeatureTour(sectionRef.current) : undefined), []);

  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  return (
    <section ref={sectionRef} className="lp-section lp-features" aria-labelledby={`${baseId}-title`}>
      <div className="container">
        <header className="lp-section__header">
          <p className="lp-section__eyebrow">AI Planner</p>
          <h2 id={`${baseId}-title`} className="lp-section__title">
            <span className="lp-features__title-line">No More Blank Plans.</span>{' '}
            <span className="lp-features__title-accent">Done-for-you strategy built for execution.</span>
          </h2>
          <p className="lp-section__lead">
            Tell the planner what you want to achieve. It writes the goal, picks the projects, builds the tasks and lays
            out the plan.
          </p>
        </header>
        <div className="lp-features__body">
          <div className="lp-features__nav">
            <div role="tablist" aria-label="AI planner features" className="lp-features__tabs">
              {TABS.map((tab, index) => (
                <button
                  key={tab.key}
                  type="button"
                  role="tab"
                  id={tabId(index)}
                  aria-selected={index === 0}
                  aria-controls={panelId(index)}
                  tabIndex={index === 0 ? 0 : -1}
                  className={index === 0 ? 'lp-tab lp-tab--active' : 'lp-tab'}
                >
                  <span className="lp-tab__icon" aria-hidden="true">
                    {tab.icon}
                  </span>
                  <span className="lp-tab__text">
                    <span className="lp-tab__label">{tab.label}</span>
                    <span className="lp-tab__summary">{tab.summary}</span>
                  </span>
                </button>
              ))}
            </div>
            <button type="button" className="lp-features__toggle">
              {TOUR_TOGGLE_TEXT.pause}
            </button>
          </div>
          <div className="lp-features__stage">
            {TABS.map((tab, index) => (
              <div
                key={tab.key}
                role="tabpanel"
                id={panelId(index)}
                aria-labelledby={tabId(index)}
                data-demo={tab.key}
                className={index === 0 ? 'lp-features__panel' : 'lp-features__panel lp-features__panel--hidden'}
              >
                <DemoStage tab={tab} step={index === 0 ? 0 : FINISHED_STEP} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
