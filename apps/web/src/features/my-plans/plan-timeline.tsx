import type { MyPlanDocument, MyPlanTask } from '@dpp/shared';
import { daysBetween, longDay, todayUtc } from '@dpp/shared';
import { Alert, Button, Segmented } from 'antd';
import {
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type PointerEvent,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTaskStates } from './task-status';
import {
  BAR_HEIGHT,
  type BarEdge,
  barEdgeAt,
  conflictsOf,
  DIAMOND,
  fitDayWidth,
  HEADER_HEIGHT,
  ROW_HEIGHT,
  resizedDates,
  sameRow,
  type TaskBar,
  type TimelineRow,
  timelineLayout,
  timelineSpan,
  ZOOM_DAY_WIDTH,
  type Zoom,
  zoomOf,
} from './timeline-layout';
import { arrowsInView, nextTaskRow, rowsInView, scrollToShow } from './timeline-view';
import './plan-timeline.css';

type Dates = Pick<MyPlanTask, 'start_date' | 'due_date'>;

const ZOOMS: { value: Zoom; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];
const ZOOM_ORDER: Zoom[] = ['month', 'week', 'day'];
/** The summary bar of a section: thinner than a task's, at the foot of its row. */
const SUMMARY_HEIGHT = 8;

/** What a bar says to a screen reader: its dates. */
function barText(bar: TaskBar): string {
  return bar.from === bar.to ? `Due ${longDay(bar.to)}` : `From ${longDay(bar.from)} to ${longDay(bar.to)}`;
}

/** The zoom a plan opens at: what shows a short plan by days, one of a few months by weeks, a longer one by months. */
const openingDayWidth = (days: number) =>
  days <= 40 ? ZOOM_DAY_WIDTH.day : days <= 120 ? ZOOM_DAY_WIDTH.week : ZOOM_DAY_WIDTH.month;

/** The bar's end a key changes: Alt with an arrow the due day, Shift+Alt the start day; plain arrows move it. */
function keyEdit(event: KeyboardEvent): { edge: BarEdge; days: number } | null {
  const sign = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
  if (sign === 0 || event.ctrlKey || event.metaKey) return null;
  if (event.altKey) return { edge: event.shiftKey ? 'start' : 'due', days: sign };
  return { edge: 'move', days: sign * (event.shiftKey ? 7 : 1) };
}

interface Drag {
  taskId: string;
  edge: BarEdge;
  startX: number;
  days: number;
}

/** The plan with one task's dates as a drag shows them, before it ends. */
function withDates(plan: MyPlanDocument, taskId: string, dates: Dates): MyPlanDocument {
  return {
    ...plan,
    sections: plan.sections.map((s) =>
      s.tasks.some((t) => t.id === taskId)
        ? { ...s, tasks: s.tasks.map((t) => (t.id === taskId ? { ...t, ...dates } : t)) }
        : s,
    ),
  };
}

/** "“A”, “B” and 3 more": the names of a few tasks. */
function someNames(names: string[]): string {
  const quoted = [...new Set(names)].map((n) => `“${n || 'untitled task'}”`);
  if (quoted.length <= 3) {
    return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : (quoted[0] ?? '');
  }
  return `${quoted.slice(0, 3).join(', ')} and ${quoted.length - 3} more`;
}

type TaskRow = TimelineRow & { kind: 'task' };

/**
 * What the rows do with a key, a press, a drag and a "+ Due date": one object for the chart's whole life, so a
 * memoised row is drawn again only when its own task changes, not on every edit of the plan.
 */
interface RowActions {
  key: (taskId: string, event: KeyboardEvent) => void;
  press: (row: TaskRow, event: PointerEvent<SVGGElement>) => void;
  /** A drag under way, else the pointer over a bar: the cursor says whether a press would resize or move it. */
  drag: (row: TaskRow, event: PointerEvent<SVGGElement>) => void;
  release: () => void;
  schedule: (taskId: string) => void;
}

/** A row's props unchanged: its row alike (sameRow, the layout being new on every edit), the rest the same. */
function sameRowProps<P extends { row: TimelineRow }>(before: P, after: P): boolean {
  return (Object.keys(after) as (keyof P)[]).every((key) =>
    key === 'row' ? sameRow(before.row, after.row) : Object.is(before[key], after[key]),
  );
}

/** The pointer's x in the chart's own pixels (one read of the chart's place). */
const chartX = (event: PointerEvent<SVGGElement>) =>
  event.clientX - (event.currentTarget.ownerSVGElement?.getBoundingClientRect().left ?? 0);

/**
 * A dated task's row: its bar (a slider) and its label. Colours come from classes on the bar's group, which its one
 * shape inherits (fill, and the focus stroke): no rule has to look at the shapes themselves.
 */
const BarRow = memo(function BarRow({
  row,
  done,
  late,
  conflict,
  moving,
  valueMax,
  valueNow,
  helpId,
  readOnly,
  actions,
}: {
  row: TaskRow;
  done: boolean;
  late: boolean;
  conflict: boolean;
  moving: boolean;
  valueMax: number;
  valueNow: number;
  helpId: string;
  /** The plan is only shown: the slider tells its value and takes no change. */
  readOnly: boolean;
  actions: RowActions;
}) {
  const bar = row.bar!;
  const mid = row.y + ROW_HEIGHT / 2;
  const marks = [
    row.milestone && 'milestone',
    done ? 'done' : late ? 'late' : null,
    conflict && 'starts before a task it waits on is due',
  ].filter(Boolean);
  const className = [
    'plan-timeline__bar',
    done ? 'plan-timeline__bar--done' : late ? 'plan-timeline__bar--late' : null,
    row.milestone && 'plan-timeline__bar--milestone',
    moving && 'plan-timeline__bar--moving',
  ]
    .filter(Boolean)
    .join(' ');
  const word = done ? 'Done · ' : late ? 'Late · ' : '';
  return (
    <>
      {/* A slider: its value is the bar's first day, counted from the first day drawn. */}
      <g
        data-task-id={row.id}
        className={className}
        role="slider"
        tabIndex={0}
        aria-label={marks.length > 0 ? `${row.name} (${marks.join(', ')})` : row.name}
        aria-describedby={helpId}
        aria-valuemin={0}
        aria-valuemax={valueMax}
        aria-valuenow={valueNow}
        aria-valuetext={barText(bar)}
        aria-readonly={readOnly || undefined}
        onKeyDown={(event) => actions.key(row.id, event)}
        onPointerDown={(event) => actions.press(row, event)}
        onPointerMove={(event) => actions.drag(row, event)}
        onPointerUp={actions.release}
        onPointerCancel={actions.release}
      >
        {row.milestone ? (
          <path
            d={`M${row.x + DIAMOND} ${mid - DIAMOND}L${row.x + 2 * DIAMOND} ${mid}L${row.x + DIAMOND} ${mid + DIAMOND}L${row.x} ${mid}Z`}
          />
        ) : (
          <rect x={row.x + 1} y={mid - BAR_HEIGHT / 2} width={Math.max(2, row.width - 2)} height={BAR_HEIGHT} rx={4} />
        )}
      </g>
      <text
        className={conflict ? 'plan-timeline__label plan-timeline__label--conflict' : 'plan-timeline__label'}
        x={row.label.x}
        y={mid + 4}
        textAnchor={row.label.anchor}
      >
        {word && <tspan className={done ? 'plan-timeline__done' : 'plan-timeline__late'}>{word}</tspan>}
        {row.label.text}
      </text>
    </>
  );
}, sameRowProps);

/** A task without dates, in its lane: a "+ Due date" button (the plan's start) and its name. */
const UndatedRow = memo(function UndatedRow({
  row,
  readOnly,
  actions,
}: {
  row: TaskRow;
  readOnly: boolean;
  actions: RowActions;
}) {
  const mid = row.y + ROW_HEIGHT / 2;
  return (
    <g data-task-id={row.id}>
      {!readOnly && (
        // biome-ignore lint/a11y/useSemanticElements: SVG has no button element; this one acts as one.
        <g
          className="plan-timeline__schedule"
          role="button"
          tabIndex={0}
          aria-label={`Give ${row.name || 'this task'} a due date`}
          onClick={() => actions.schedule(row.id)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            actions.schedule(row.id);
          }}
        >
          <rect className="plan-timeline__schedule-pill" x={4} y={mid - 11} width={92} height={22} rx={11} />
          <text x={50} y={mid + 4} textAnchor="middle">
            + Due date
          </text>
        </g>
      )}
      <text className="plan-timeline__label" x={104} y={mid + 4}>
        {row.name}
      </text>
    </g>
  );
}, sameRowProps);

/** A section's row: its name and dates over its summary bar; the heading of the lane of undated tasks. */
const HeadingRow = memo(function HeadingRow({ row }: { row: TimelineRow & { kind: 'section' | 'undated' } }) {
  if (row.kind === 'undated') {
    return (
      <text className="plan-timeline__section" x={4} y={row.y + ROW_HEIGHT / 2 + 5}>
        {`No dates (${row.count})`}
      </text>
    );
  }
  return (
    <g className="plan-timeline__section" data-section-id={row.id}>
      <text x={row.label.x} y={row.y + 15} textAnchor={row.label.anchor}>
        {row.label.text}
      </text>
      {row.summary && (
        <rect
          className="plan-timeline__summary"
          x={row.summary.x}
          y={row.y + ROW_HEIGHT - SUMMARY_HEIGHT - 4}
          width={row.summary.width}
          height={SUMMARY_HEIGHT}
        />
      )}
    </g>
  );
}, sameRowProps);

/** One link's arrow; its head is the chart's marker for a link or for a conflict. */
const Arrow = memo(function Arrow({ path, conflict, marker }: { path: string; conflict: boolean; marker: string }) {
  return (
    <path
      className={conflict ? 'plan-timeline__arrow plan-timeline__arrow--conflict' : 'plan-timeline__arrow'}
      d={path}
      markerEnd={`url(#${marker})`}
    />
  );
});

/** The task a row's element belongs to (a bar, a "+ Due date" button), if any. */
const taskIdOf = (target: EventTarget) =>
  target instanceof Element ? (target.closest('[data-task-id]')?.getAttribute('data-task-id') ?? null) : null;

/** The view's height before the frame is measured: the window's, which the frame is never taller than. */
const unmeasuredHeight = () => (typeof window === 'undefined' ? 0 : window.innerHeight);

/**
 * The plan as a Gantt chart: a summary bar per section, a bar per dated task (a diamond for a milestone) with its
 * name and dates beside it, done and late marked in words, arrows from each task to those waiting on it, a lane of
 * undated tasks, a labelled today line. Zoom by day, week or month, or Fit the frame. A bar moves by dragging its
 * middle and resizes by dragging an end; by keyboard it is a slider (ADR 0045 lists the keys). SVG of our own: the
 * layout module places everything, nothing is measured (ADR 0038).
 */
export function PlanTimeline({
  plan,
  onMoveTask,
  onMoveWaitingLater,
  readOnly = false,
  today = todayUtc(),
}: {
  plan: MyPlanDocument;
  /** A task's new dates, once a move or a resize ends. */
  onMoveTask: (taskId: string, dates: Dates) => void;
  /** Moves every task that starts before what it waits on is due, and those waiting on them, later. */
  onMoveWaitingLater: () => void;
  /** The plan is only shown (a viewer's): its bars say their dates and move nowhere. */
  readOnly?: boolean;
  today?: string;
}) {
  const ids = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const titleId = `${ids}-title`;
  const helpId = `${ids}-help`;
  const states = useTaskStates();
  const tasks = useMemo(
    () => new Map(plan.sections.flatMap((section) => section.tasks).map((task) => [task.id, task])),
    [plan],
  );
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragging = useRef<Drag | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const span = useMemo(() => timelineSpan(plan, today), [plan, today]);
  const [dayWidth, setDayWidth] = useState<number>(() => openingDayWidth(span.days));
  const dragDates = drag && tasks.get(drag.taskId) ? resizedDates(tasks.get(drag.taskId)!, drag.edge, drag.days) : null;
  const shown = drag && dragDates ? withDates(plan, drag.taskId, dragDates) : plan;
  const layout = useMemo(() => timelineLayout(shown, today, dayWidth), [shown, today, dayWidth]);
  const conflicts = useMemo(() => conflictsOf(plan), [plan]);
  const { width, height } = layout;

  // Only the rows in the frame's view are drawn, with OVERSCAN rows on each side, and the task that has the focus
  // wherever it is (ADR 0045). The scroll is kept in whole rows: a scroll within a row draws nothing again.
  const [view, setView] = useState(() => ({ top: 0, height: unmeasuredHeight() }));
  const [focusedId, setFocusedId] = useState<string | null>(null);
  /** The task Tab is moving to, focused once the render that draws it is in the page. */
  const focusNext = useRef<string | null>(null);
  const measure = useCallback(() => {
    const element = frame.current;
    if (!element) return;
    const top = Math.floor(element.scrollTop / ROW_HEIGHT) * ROW_HEIGHT;
    const height = element.clientHeight;
    setView((seen) => (seen.top === top && seen.height === height ? seen : { top, height }));
  }, []);
  useLayoutEffect(() => {
    measure();
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  useLayoutEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    const row = frame.current?.querySelector(`[data-task-id="${CSS.escape(id)}"]`);
    const focusable = row?.matches('[tabindex]') ? row : row?.querySelector('[tabindex]');
    if (focusable instanceof SVGElement) {
      focusNext.current = null;
      focusable.focus();
    }
  });
  const range = rowsInView(layout.rows, view.top, view.height + ROW_HEIGHT);
  const taskRows = useMemo(
    () => new Map(layout.rows.flatMap((row, i) => (row.kind === 'task' ? [[row.id, i] as const] : []))),
    [layout],
  );
  const drawnRows = layout.rows.filter(
    (row, i) => (i >= range.first && i <= range.last) || (row.kind === 'task' && row.id === focusedId),
  );
  const drawnArrows = arrowsInView(layout.arrows, taskRows, range);
  /** Scrolls the frame, if need be, so the row at `index` is seen whole. */
  const showRow = (index: number) => {
    const element = frame.current;
    const row = layout.rows[index];
    if (!element || !row) return;
    const top = scrollToShow(row.y, element.scrollTop, element.clientHeight);
    if (top === element.scrollTop) return;
    element.scrollTop = top;
    measure();
  };
  // A bar reached by keyboard is scrolled into view (a press with the pointer is on a bar already in view).
  const onChartFocus = (event: FocusEvent) => {
    const id = taskIdOf(event.target);
    setFocusedId(id);
    const index = id === null ? undefined : taskRows.get(id);
    if (index !== undefined && event.target instanceof Element && event.target.matches(':focus-visible')) {
      showRow(index);
    }
  };
  // Tab and Shift+Tab go from task to task as if every row were drawn: to one not drawn, the chart scrolls it in,
  // draws it and focuses it; to one drawn, the browser's own Tab gets there (rows are drawn in their order).
  const tabPastView = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const id = taskIdOf(event.target);
    const next = id === null ? null : nextTaskRow(layout.rows, id, event.shiftKey ? -1 : 1);
    if (next === null || (next >= range.first && next <= range.last)) return;
    event.preventDefault();
    // Drawn as the focused task is, even should the frame not scroll; focused once drawn.
    const nextId = layout.rows[next]!.id;
    focusNext.current = nextId;
    setFocusedId(nextId);
    showRow(next);
  };

  const zoomTo = (zoom: Zoom) => {
    setDayWidth(ZOOM_DAY_WIDTH[zoom]);
    setAnnouncement(`Zoomed to ${zoom}s.`);
  };
  const fit = () => {
    setDayWidth(fitDayWidth(span.days, frame.current?.clientWidth ?? 0));
    setAnnouncement('The whole plan fits the frame.');
  };
  const edit = (taskId: string, edge: BarEdge, days: number) => {
    if (readOnly) return;
    const task = tasks.get(taskId);
    const dates = task ? resizedDates(task, edge, days) : null;
    if (dates) onMoveTask(taskId, dates);
  };
  // The rows' handlers read the chart as it is now through this ref, so `actions` itself never changes.
  const current: RowActions = {
    key: (taskId, event) => {
      const action = readOnly ? null : keyEdit(event);
      if (!action) return;
      event.preventDefault();
      edit(taskId, action.edge, action.days);
    },
    press: (row, event) => {
      if (readOnly) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      dragging.current = { taskId: row.id, edge: barEdgeAt(row, chartX(event)), startX: event.clientX, days: 0 };
      setDrag(dragging.current);
    },
    drag: (row, event) => {
      const under = dragging.current;
      if (!under) {
        event.currentTarget.style.cursor = barEdgeAt(row, chartX(event)) === 'move' ? '' : 'ew-resize';
        return;
      }
      const days = Math.round((event.clientX - under.startX) / dayWidth);
      if (days === under.days) return;
      dragging.current = { ...under, days };
      setDrag(dragging.current);
    },
    release: () => {
      const under = dragging.current;
      dragging.current = null;
      setDrag(null);
      if (under) edit(under.taskId, under.edge, under.days);
    },
    schedule: (taskId) => {
      const day = plan.start_date ?? today;
      onMoveTask(taskId, { start_date: null, due_date: day });
      setAnnouncement(`${tasks.get(taskId)?.name ?? 'The task'} is due ${longDay(day)}.`);
    },
  };
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  const actions = useMemo<RowActions>(
    () => ({
      key: (taskId, event) => latest.current.key(taskId, event),
      press: (row, event) => latest.current.press(row, event),
      drag: (row, event) => latest.current.drag(row, event),
      release: () => latest.current.release(),
      schedule: (taskId) => latest.current.schedule(taskId),
    }),
    [],
  );
  // + and − zoom in and out from anywhere in the chart (a bar has the focus).
  const onChartKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab') {
      tabPastView(event);
      return;
    }
    const step = event.key === '+' || event.key === '=' ? 1 : event.key === '-' || event.key === '_' ? -1 : 0;
    if (step === 0 || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const next = ZOOM_ORDER[ZOOM_ORDER.indexOf(zoomOf(dayWidth)) + step];
    if (next) zoomTo(next);
  };

  const conflictNames = conflicts.map((c) => tasks.get(c.taskId)?.name ?? '');
  const conflicting = new Set(conflicts.map((c) => c.taskId));

  return (
    <section
      className="plan-timeline"
      aria-label="Timeline"
      onKeyDown={onChartKey}
      onFocus={onChartFocus}
      onBlur={() => setFocusedId(null)}
    >
      <div className="plan-timeline__toolbar">
        <Segmented<Zoom> aria-label="Zoom" value={zoomOf(dayWidth)} options={ZOOMS} onChange={(zoom) => zoomTo(zoom)} />
        <Button onClick={fit}>Fit</Button>
        <p id={helpId} className="plan-timeline__help">
          {readOnly
            ? '+ and − zoom.'
            : 'Arrow keys move a bar a day (Shift: a week); Alt with an arrow changes its due day, Shift+Alt its start day; + and − zoom.'}
        </p>
      </div>
      {conflicts.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="plan-timeline__conflicts"
          title={
            conflicting.size === 1
              ? 'A task starts before a task it waits on is due.'
              : `${conflicting.size} tasks start before a task they wait on is due.`
          }
          description={`To be looked at: ${someNames(conflictNames)}.`}
          action={
            readOnly ? undefined : (
              <Button
                onClick={() => {
                  onMoveWaitingLater();
                  setAnnouncement('The waiting tasks now start after the tasks they wait on are due.');
                }}
              >
                Move waiting tasks later
              </Button>
            )
          }
        />
      )}
      <div className="plan-timeline__frame" ref={frame} onScroll={measure}>
        {/* data-drawn: the bars and arrows of this drawing, which the bench waits for (bench/timeline.mjs). */}
        <svg
          className="plan-timeline__chart"
          width={width}
          height={height}
          aria-labelledby={titleId}
          data-drawn={`${drawnRows.filter((row) => row.kind === 'task' && row.bar).length} ${drawnArrows.length}`}
        >
          <title id={titleId}>{`Timeline of the plan, ${longDay(layout.firstDay)} onwards`}</title>
          <defs>
            {(['arrow', 'conflict'] as const).map((kind) => (
              <marker
                key={kind}
                id={`${ids}-${kind}`}
                viewBox="0 0 8 8"
                refX="8"
                refY="4"
                markerWidth="8"
                markerHeight="8"
                orient="auto"
              >
                <path
                  d="M0 0L8 4L0 8Z"
                  className={`plan-timeline__arrowhead${kind === 'conflict' ? ' plan-timeline__arrowhead--conflict' : ''}`}
                />
              </marker>
            ))}
          </defs>
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the date scale is drawing only; nothing in it is focusable. */}
          <g className="plan-timeline__scale" aria-hidden="true">
            {layout.ticks.map((tick) => (
              <g key={tick.day}>
                <line
                  className="plan-timeline__grid"
                  x1={tick.x}
                  x2={tick.x}
                  y1={tick.month ? 18 : HEADER_HEIGHT - 22}
                  y2={height}
                />
                <text x={tick.x + 3} y={14}>
                  {tick.label}
                </text>
                {tick.month && (
                  <text className="plan-timeline__month" x={tick.x + 3} y={27}>
                    {tick.month}
                  </text>
                )}
              </g>
            ))}
            {layout.todayX !== null && (
              <g className="plan-timeline__today">
                <line
                  className="plan-timeline__today-line"
                  x1={layout.todayX}
                  x2={layout.todayX}
                  y1={HEADER_HEIGHT - 14}
                  y2={height}
                />
                <text x={layout.todayX + 4} y={HEADER_HEIGHT - 6}>
                  Today
                </text>
              </g>
            )}
          </g>
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the arrows are drawing only; the bars say their links. */}
          <g className="plan-timeline__arrows" aria-hidden="true">
            {drawnArrows.map((arrow) => (
              <Arrow
                key={`${arrow.from}>${arrow.to}`}
                path={arrow.path}
                conflict={arrow.conflict}
                marker={`${ids}-${arrow.conflict ? 'conflict' : 'arrow'}`}
              />
            ))}
          </g>
          {drawnRows.map((row) => {
            if (row.kind !== 'task') return <HeadingRow key={row.id} row={row} />;
            if (!row.bar) return <UndatedRow key={row.id} row={row} readOnly={readOnly} actions={actions} />;
            const state = states.get(row.id);
            return (
              <BarRow
                key={row.id}
                row={row}
                done={state?.done ?? false}
                late={(state?.late && !state.done) ?? false}
                conflict={conflicting.has(row.id)}
                moving={drag?.taskId === row.id}
                valueMax={layout.days - 1}
                valueNow={daysBetween(layout.firstDay, row.bar.from)}
                helpId={helpId}
                readOnly={readOnly}
                actions={actions}
              />
            );
          })}
        </svg>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
