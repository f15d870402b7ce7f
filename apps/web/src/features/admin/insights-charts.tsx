// The insights tab's charts (Recharts, ADR 0035). Loaded by insights-tab.tsx with React.lazy only when the tab
// is shown, so no other page downloads the chart library.
import type { Insights } from '@dpp/shared/schemas/insights';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartImage } from '../../shared/chart-image';

/** Colours with at least 3:1 contrast on white, told apart by the legend's words as well. */
const BLUE = '#1f5fbf';
const GREEN = '#2e7d32';
const RED = '#c62828';
const ORANGE = '#b35c00';
const HEIGHT = 260;
/** Axis ticks as "$300K": whole amounts with cents do not fit beside the chart (the tooltip gives them). */
const COMPACT_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });

function Chart(props: { label: string; children: ReactNode }) {
  return (
    <ChartImage
      className="insights-chart"
      height={HEIGHT}
      label={`${props.label} The table below holds the same figures.`}
    >
      {props.children}
    </ChartImage>
  );
}

export function DailyChart(props: { daily: Insights['daily'] }) {
  return (
    <Chart label="Line chart of sign-ups and activations per day.">
      <LineChart data={props.daily} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" minTickGap={24} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="sign_ups" name="Sign-ups" stroke={BLUE} dot={false} isAnimationActive={false} />
        <Line
          type="monotone"
          dataKey="activations"
          name="Activations"
          stroke={ORANGE}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </Chart>
  );
}

export function UploadsChart(props: { uploads: Insights['uploads'] }) {
  return (
    <Chart label="Bar chart of uploads per tool, succeeded and failed.">
      <BarChart data={props.uploads} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="tool" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="succeeded" name="Succeeded" stackId="uploads" fill={GREEN} isAnimationActive={false} />
        <Bar dataKey="failed" name="Failed" stackId="uploads" fill={RED} isAnimationActive={false} />
      </BarChart>
    </Chart>
  );
}

/** `money` comes from the tab (admin-format.ts): imported here too, it would become a chunk of its own. */
export function RevenueChart(props: { payingByPlan: Insights['paying_by_plan']; money: (cents: number) => string }) {
  const { money } = props;
  return (
    <Chart label="Bar chart of the monthly recurring revenue per plan, now.">
      <BarChart
        data={props.payingByPlan}
        accessibilityLayer={false}
        margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="plan" />
        <YAxis tickFormatter={(cents: number) => COMPACT_DOLLARS.format(cents / 100)} />
        <Tooltip formatter={(cents) => money(Number(cents))} />
        <Legend />
        <Bar dataKey="mrr_cents" name="Monthly recurring revenue" fill={BLUE} isAnimationActive={false} />
      </BarChart>
    </Chart>
  );
}
