// The feature tour ('No More Blank Plans'): four tabs that rotate every 5 s and whose demo refreshes every 2 s.
// Rotation pauses while the pointer is over the section, while it holds keyboard focus, when the visitor presses
// Pause and while it is off screen, and never starts when less motion is preferred. Plain DOM work on what
// FeatureTabs drew, with no framework: on the server's page the tour is an island the browser runs without React
// (ADR 0033), so a visitor who only watches it loads none; in the app the component's effect starts it.
import { FEATURE_TABS } from '@dpp/shared/constants';
import { FINISHED_STEP, SHOW_DEMO_STEP } from './feature-tour-demos';

export const TOUR_TOGGLE_TEXT = { pause: 'Pause the feature tour', play: 'Play the feature tour' } as const;

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** Runs the tour drawn in `section` (tabs, panels with `data-demo`, the Pause button); returns what stops it. */
export function runFeatureTour(section: HTMLElement): () => void {
  const tabs = [...section.querySelectorAll<HTMLElement>('[role="tab"]')];
  const panels = [...section.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
  const tablist = section.querySelector<HTMLElement>('[role="tablist"]');
  const toggle = section.querySelector<HTMLButtonElement>('.lp-features__toggle');
  const lessMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  let active = Math.max(
    0,
    tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'),
  );
  let step = 0;
  let hovered = section.matches(':hover');
  let focused = section.contains(document.activeElement);
  let stopped = false;
  let inView = false;

  const animated = () => !lessMotion.matches && !stopped && inView;
  const rotating = () => animated() && !hovered && !focused;

  const showStep = (index: number, at: number) => {
    const panel = panels[index];
    const demo = panel?.querySelector('.lp-demo');
    if (panel && demo) SHOW_DEMO_STEP[panel.dataset.demo ?? '']?.(demo, at);
  };

  /** The active tab's demo from its first step, its appearing lines played again. */
  const restartDemo = () => {
    const demo = panels[active]?.querySelector<HTMLElement>('.lp-demo');
    for (const line of demo?.querySelectorAll('.lp-demo__appear') ?? []) line.classList.remove('lp-demo__appear');
    void demo?.offsetWidth;
    step = 0;
    showStep(active, lessMotion.matches ? FINISHED_STEP : step);
  };

  // The timers restart only when what they depend on changes, as the tour's rhythm wants.
  let rotation: number | undefined;
  let refresh: number | undefined;
  let rotationKey = '';
  let refreshKey = '';
  let timerKey = '';

  /** The bar under the active tab that shows the time to the next tab. */
  const drawTimer = () => {
    const key = `${active}-${rotating()}-${lessMotion.matches}`;
    if (key === timerKey) return;
    timerKey = key;
    for (const timer of section.querySelectorAll('.lp-tab__timer')) timer.remove();
    if (lessMotion.matches) return;
    const timer = document.createElement('span');
    timer.className = rotating() ? 'lp-tab__timer lp-tab__timer--running' : 'lp-tab__timer';
    timer.style.animationDuration = `${FEATURE_TABS.ROTATE_MS}ms`;
    timer.setAttribute('aria-hidden', 'true');
    tabs[active]?.append(timer);
  };

  const draw = () => {
    tabs.forEach((tab, index) => {
      const selected = index === active;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      tab.classList.toggle('lp-tab--active', selected);
    });
    panels.forEach((panel, index) => {
      panel.classList.toggle('lp-features__panel--hidden', index !== active);
    });
    if (toggle) {
      toggle.hidden = lessMotion.matches;
      toggle.textContent = stopped ? TOUR_TOGGLE_TEXT.play : TOUR_TOGGLE_TEXT.pause;
    }
    drawTimer();

    const nextRotationKey = `${active}-${rotating()}`;
    if (nextRotationKey !== rotationKey) {
      rotationKey = nextRotationKey;
      window.clearTimeout(rotation);
      if (rotating()) rotation = window.setTimeout(() => select((active + 1) % tabs.length), FEATURE_TABS.ROTATE_MS);
    }
    const nextRefreshKey = `${active}-${animated()}`;
    if (nextRefreshKey !== refreshKey) {
      refreshKey = nextRefreshKey;
      window.clearInterval(refresh);
      if (animated()) {
        refresh = window.setInterval(() => {
          step += 1;
          showStep(active, step);
        }, FEATURE_TABS.REFRESH_MS);
      }
    }
  };

  function select(index: number) {
    if (index !== active) {
      showStep(active, FINISHED_STEP);
      active = index;
      restartDemo();
    }
    draw();
  }

  const onMotionChange = () => {
    panels.forEach((_, index) => {
      showStep(index, index === active && !lessMotion.matches ? step : FINISHED_STEP);
    });
    draw();
  };
  const onEnter = () => {
    hovered = true;
    draw();
  };
  const onLeave = () => {
    hovered = false;
    draw();
  };
  const onFocusIn = () => {
    focused = true;
    draw();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (section.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    draw();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const tab = target?.closest<HTMLElement>('[role="tab"]');
    if (tab && tabs.includes(tab)) select(tabs.indexOf(tab));
    else if (toggle && target && toggle.contains(target)) {
      stopped = !stopped;
      draw();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = NEXT_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    select(next(active, tabs.length));
    tabs[active]?.focus();
  };

  const seen =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          const entry = entries[entries.length - 1];
          if (!entry) return;
          inView = entry.isIntersecting;
          draw();
        })
      : null;
  if (seen) seen.observe(section);
  else inView = true;

  const listening = new AbortController();
  const { signal } = listening;
  section.addEventListener('mouseenter', onEnter, { signal });
  section.addEventListener('mouseleave', onLeave, { signal });
  section.addEventListener('focusin', onFocusIn, { signal });
  section.addEventListener('focusout', onFocusOut, { signal });
  section.addEventListener('click', onClick, { signal });
  tablist?.addEventListener('keydown', onKeyDown, { signal });
  lessMotion.addEventListener('change', onMotionChange, { signal });
  onMotionChange();

  return () => {
    listening.abort();
    seen?.disconnect();
    window.clearTimeout(rotation);
    window.clearInterval(refresh);
  };
}
