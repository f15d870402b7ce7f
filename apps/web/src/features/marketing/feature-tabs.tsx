import { FEATURE_TABS } from '@dpp/shared/constants';
import {
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { PlanStepsDemo } from './demo-plan-steps';
import { ProjectsDemo } from './demo-projects';
import { SmartGoalsDemo } from './demo-smart-goals';
import { TasksDemo } from './demo-tasks';
import { BoardIcon, BulbIcon, ListIcon, TargetIcon } from './icons';
import { useInView } from './use-in-view';
import { useInterval } from './use-interval';
import { usePrefersReducedMotion } from './use-reduced-motion';
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

/**
 * A step past the end of every demo: the finished state, shown when less motion is preferred, and given
 * to the hidden panels, which keep their place in the layout so the stage is always as tall as the tallest.
 */
const FINISHED_STEP = 99;

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

interface DemoStageProps {
  tab: FeatureTab;
  /** Refresh the demo every 2 s. */
  animated: boolean;
  /** Show the finished demo at once (less motion preferred, or a hidden panel). */
  finished: boolean;
}

/** A tab's demo; the active one is remounted on every tab change, so it starts from its first step. */
function DemoStage({ tab, animated, finished }: DemoStageProps) {
  const [step, setStep] = useState(0);
  useInterval(() => setStep((s) => s + 1), animated ? FEATURE_TABS.REFRESH_MS : null);
  return (
    <>
      <div className="lp-window" aria-hidden="true">
        <span className="lp-window__dot" />
        <span className="lp-window__dot" />
        <span className="lp-window__dot" />
        <span className="lp-window__title">AI Planner · {tab.label}</span>
      </div>
      <tab.Demo step={finished ? FINISHED_STEP : step} />
    </>
  );
}

/**
 * 'No More Blank Plans': four feature tabs that rotate every 5 s and whose demo refreshes every 2 s.
 * Rotation pauses while the pointer is over the section, while it holds keyboard focus, when the visitor
 * presses Pause, while it is off screen, and never starts when less motion is preferred.
 */
export function FeatureTabs() {
  const baseId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const inView = useInView(sectionRef);
  const reduceMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);

  const animated = !reduceMotion && !stopped && inView;
  const rotating = animated && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const id = window.setTimeout(() => setActive((active + 1) % TABS.length), FEATURE_TABS.ROTATE_MS);
    return () => window.clearTimeout(id);
  }, [rotating, active]);

  const select = (index: number) => setActive(index);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    const index = next(active, TABS.length);
    select(index);
    tabRefs.current[index]?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  return (
    <section
      ref={sectionRef}
      className="lp-section lp-features"
      aria-labelledby={`${baseId}-title`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
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
            <div role="tablist" aria-label="AI planner features" className="lp-features__tabs" onKeyDown={onKeyDown}>
              {TABS.map((tab, index) => {
                const selected = index === active;
                return (
                  <button
                    key={tab.key}
                    ref={(node) => {
                      tabRefs.current[index] = node;
                    }}
                    type="button"
                    role="tab"
                    id={tabId(index)}
                    aria-selected={selected}
                    aria-controls={panelId(index)}
                    tabIndex={selected ? 0 : -1}
                    className={selected ? 'lp-tab lp-tab--active' : 'lp-tab'}
                    onClick={() => select(index)}
                  >
                    <span className="lp-tab__icon" aria-hidden="true">
                      {tab.icon}
                    </span>
                    <span className="lp-tab__text">
                      <span className="lp-tab__label">{tab.label}</span>
                      <span className="lp-tab__summary">{tab.summary}</span>
                    </span>
                    {selected && !reduceMotion && (
                      <span
                        key={`${active}-${rotating}`}
                        className={rotating ? 'lp-tab__timer lp-tab__timer--running' : 'lp-tab__timer'}
                        style={{ animationDuration: `${FEATURE_TABS.ROTATE_MS}ms` }}
                        aria-hidden="true"
                      />
                    )}
                  </button>
                );
              })}
            </div>
            {!reduceMotion && (
              <button type="button" className="lp-features__toggle" onClick={() => setStopped((s) => !s)}>
                {stopped ? 'Play the feature tour' : 'Pause the feature tour'}
              </button>
            )}
          </div>
          <div className="lp-features__stage">
            {TABS.map((tab, index) => (
              <div
                key={tab.key}
                role="tabpanel"
                id={panelId(index)}
                aria-labelledby={tabId(index)}
                className={index === active ? 'lp-features__panel' : 'lp-features__panel lp-features__panel--hidden'}
              >
                <DemoStage
                  key={index === active ? `active-${active}` : 'hidden'}
                  tab={tab}
                  animated={index === active && animated}
                  finished={index !== active || reduceMotion}
                />
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
