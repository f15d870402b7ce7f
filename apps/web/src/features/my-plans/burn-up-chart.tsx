// A sending's burn-up (Recharts, as the insights' charts): loaded by plan-progress.tsx only when details open.
import type { MyPlanProgressPoint } from '@dpp/shared/schemas/my-plans';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartImage } from '../../shared/chart-image';
import { burnUpRows, burnUpSummary } from './burn-up-data';
import { dayText } from './my-plans-format';

/** Colours with at least 3:1 contrast on white, told apart by the legend's words and the dashes as well. */
const GREEN = '#2e7d32';
const SLATE = '#475569';
const BLUE = '#1d4ed8';

const dayOf = (time: number) => dayText(new Date(time).toISOString().slice(0, 10));

/**
 * Done per day against the tasks of the project, and the target line: the planned completion, how many tasks were
 * due by each day as the plan was sent. `what` names the chart ("Bakery launch in Asana").
 */
export function BurnUpChart(props: {
  what: string;
  sentOn: string;
  history: MyPlanProgressPoint[];
  planned: (string | null)[];
}) {
  const rows = burnUpRows(props.history, props.planned, props.sentOn);
  const label =
    `Burn-up chart of ${props.what}: tasks done per day against the tasks of the plan and the planned ` +
    `completion (tasks due by each day as sent). ${burnUpSummary(props.history, props.planned)}`;
  return (
    <ChartImage className="plan-progress__chart" height={220} label={label}>
      <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={dayOf} />
        <YAxis allowDecimals={false} />
        <Tooltip labelFormatter={(time) => dayOf(Number(time))} />
        <Legend />
        <Line
          type="stepAfter"
          dataKey="target"
          name="Planned (due by each day)"
          stroke={BLUE}
          strokeDasharray="2 4"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line type="stepAfter" dataKey="done" name="Done" stroke={GREEN} connectNulls isAnimationActive={false} />
        <Line
          type="stepAfter"
          dataKey="total"
          name="Tasks in the plan"
          stroke={SLATE}
          strokeDasharray="6 3"
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ChartImage>
  );
}
