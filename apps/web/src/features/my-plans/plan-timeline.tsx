import type { MyPlanDocument, MyPlanTask } from '@dpp/shared';
import { addDays, daysBetween, todayUtc } from '@dpp/shared';
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useRef, useState } from 'react';
import { movedDates, type TaskBar, timelineLayout } from './timeline-layout';
import './plan-timeline.css';

const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 36;
const LABEL_WIDTH = 240;
const BAR_HEIGHT = 18;
/** A day's width: narrower for long plans, so a year stays a few screens wide. */
const dayWidthFor = (days: number) => (days > 120 ? 10 : 28);
/** Days between two labels of the date scale. */
const TICK_DAYS = 7;

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** What a bar says to a screen reader: its dates. */
function barText(bar: TaskBar): string {
  return bar.from === bar.to
    ? `Due ${fullDay.format(asDate(bar.to))}`
    : `From ${fullDay.format(asDate(bar.from))} to ${fullDay.format(asDate(bar.to))}`;
}

interface Drag {
  taskId: string;
  startX: number;
  days: number;
}

/**
 * The plan as a Gantt chart: a row per section and per task, each task a bar from its start to its due date.
 * A bar moves its task by dragging (by whole days) or by keyboard (arrow keys a day, Shift a week, as a slider);
 * the task keeps its length. SVG of our own (ADR 0037): a few hundred bars, drawn and themed like the rest.
 */
export function PlanTimeline({
  plan,
  onMoveTask,
  today = todayUtc(),
}: {
  plan: MyPlanDocument;
  /** A task's new dates, once a move ends. */
  onMoveTask: (taskId: string, dates: Pick<MyPlanTask, 'start_date' | 'due_date'>) => void;
  today?: string;
}) {
  const titleId = useId();
  const layout = useMemo(() => timelineLayout(plan, today), [plan, today]);
  const tasks = useMemo(
    () => new Map(plan.sections.flatMap((section) => section.tasks).map((task) => [task.id, task])),
    [plan],
  );
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragging = useRef<Drag | null>(null);
  const dayWidth = dayWidthFor(layout.days);
  const width = LABEL_WIDTH + layout.days * dayWidth;
  const height = HEADER_HEIGHT + layout.rows.length * ROW_HEIGHT;
  const xOf = (day: string) => LABEL_WIDTH + daysBetween(layout.firstDay, day) * dayWidth;

  const move = (taskId: string, days: number) => {
    const task = tasks.get(taskId);
    const dates = task && days !== 0 ? movedDates(task, days) : null;
    if (dates) onMoveTask(taskId, dates);
  };
  const onKeyDown = (taskId: string) => (event: KeyboardEvent) => {
    const step = event.shiftKey ? 7 : 1;
    const days = event.key === 'ArrowRight' ? step : event.key === 'ArrowLeft' ? -step : 0;
    if (days === 0) return;
    event.preventDefault();
    move(taskId, days);
  };
  const onPointerDown = (taskId: string) => (event: PointerEvent<SVGGElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = { taskId, startX: event.clientX, days: 0 };
    setDrag(dragging.current);
  };
  const onPointerMove = (event: PointerEvent<SVGGElement>) => {
    const current = dragging.current;
    if (!current) return;
    const days = Math.round((event.clientX - current.startX) / dayWidth);
    if (days === current.days) return;
    dragging.current = { ...current, days };
    setDrag(dragging.current);
  };
  const onPointerUp = () => {
    const current = dragging.current;
    dragging.current = null;
    setDrag(null);
    if (current) move(current.taskId, current.days);
  };

  const ticks: string[] = [];
  for (let day = 0; day < layout.days; day += TICK_DAYS) ticks.push(addDays(layout.firstDay, day));
  const todayX = xOf(today);
  let top = HEADER_HEIGHT;

  return (
    <section className="plan-timeline" aria-label="Timeline">
      <svg width={width} height={height} aria-labelledby={titleId}>
        <title id={titleId}>{`Timeline of the plan, ${fullDay.format(asDate(layout.firstDay))} onwards`}</title>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the date scale is drawing only; nothing in it is focusable. */}
        <g className="plan-timeline__scale" aria-hidden="true">
          {ticks.map((day) => (
            <g key={day}>
              <line x1={xOf(day)} x2={xOf(day)} y1={HEADER_HEIGHT - 8} y2={height} />
              <text x={xOf(day) + 4} y={HEADER_HEIGHT - 14}>
                {dayLabel.format(asDate(day))}
              </text>
            </g>
          ))}
          {todayX >= LABEL_WIDTH && todayX <= width && (
            <line className="plan-timeline__today" x1={todayX} x2={todayX} y1={HEADER_HEIGHT - 8} y2={height} />
          )}
        </g>
        {layout.rows.map((row) => {
          const y = top;
          top += ROW_HEIGHT;
          if (row.kind === 'section') {
            return (
              <text key={row.id} className="plan-timeline__section" x={8} y={y + ROW_HEIGHT / 2 + 5}>
                {row.name}
              </text>
            );
          }
          const shift = drag?.taskId === row.id ? drag.days : 0;
          const bar = row.bar && { from: addDays(row.bar.from, shift), to: addDays(row.bar.to, shift) };
          return (
            <g key={row.id} data-task-id={row.id}>
              <text className="plan-timeline__task" x={20} y={y + ROW_HEIGHT / 2 + 5}>
                {row.name.length > 30 ? `${row.name.slice(0, 29)}…` : row.name}
              </text>
              {bar ? (
                // A slider: its value is the bar's first day, counted from the first day drawn.
                <g
                  className={`plan-timeline__bar${shift !== 0 ? ' plan-timeline__bar--moving' : ''}`}
                  role="slider"
                  tabIndex={0}
                  aria-label={row.name}
                  aria-valuemin={0}
                  aria-valuemax={layout.days - 1}
                  aria-valuenow={daysBetween(layout.firstDay, bar.from)}
                  aria-valuetext={barText(bar)}
                  onKeyDown={onKeyDown(row.id)}
                  onPointerDown={onPointerDown(row.id)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={onPointerUp}
                >
                  <title>{`${row.name}: ${barText(bar)}`}</title>
                  <rect
                    x={xOf(bar.from) + 1}
                    y={y + (ROW_HEIGHT - BAR_HEIGHT) / 2}
                    width={(daysBetween(bar.from, bar.to) + 1) * dayWidth - 2}
                    height={BAR_HEIGHT}
                    rx={4}
                  />
                </g>
              ) : (
                <text className="plan-timeline__undated" x={LABEL_WIDTH + 8} y={y + ROW_HEIGHT / 2 + 5}>
                  No dates
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </section>
  );
}
