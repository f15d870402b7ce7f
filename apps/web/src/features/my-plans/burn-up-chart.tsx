// A sent plan's burn-up (Recharts, as the insights' charts): loaded by plan-progress.tsx only when details open.
import type { MyPlanProgressPoint } from '@dpp/shared/schemas/my-plans';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartImage } from '../../shared/chart-image';
import { dayText } from './my-plans-format';

/** Colours with at least 3:1 contrast on white, told apart by the legend's words and the dashes as well. */
const GREEN = '#2e7d32';
const SLATE = '#475569';

export function BurnUpChart(props: { name: string; history: MyPlanProgressPoint[] }) {
  const last = props.history.at(-1)!;
  const label =
    `Burn-up chart of ${props.name}: tasks done per day against the tasks of the plan, ` +
    `${last.done} of ${last.total} done on ${dayText(last.date)}.`;
  return (
    <ChartImage className="plan-progress__chart" height={220} label={label}>
      <LineChart data={props.history} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" minTickGap={24} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="stepAfter" dataKey="done" name="Done" stroke={GREEN} isAnimationActive={false} />
        <Line
          type="stepAfter"
          dataKey="total"
          name="Tasks in the plan"
          stroke={SLATE}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartImage>
  );
}
