import { INSIGHTS_MESSAGES } from '@dpp/shared/messages';
import { DAY_RANGE } from '@dpp/shared/rules/days';
import {
  type Insights,
  InsightsQuerySchema,
  type InsightsSummary,
  type InsightsTable,
} from '@dpp/shared/schemas/insights';
import { Alert, Button, Descriptions, Input, Space, Table } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { saveFile } from '../../shared/save-file';
import { money } from './admin-format';
import { downloadInsightsCsv, useInsights } from './insights.api';

// The chart library is this tab's alone: fetched when the tab is first shown, as one chunk for the three charts.
const charts = () => import('./insights-charts');
const DailyChart = lazy(async () => ({ default: (await charts()).DailyChart }));
const UploadsChart = lazy(async () => ({ default: (await charts()).UploadsChart }));
const RevenueChart = lazy(async () => ({ default: (await charts()).RevenueChart }));

/** Keeps the chart's room while its code arrives, so the tables below do not jump. */
function ChartSlot(props: { children: ReactNode }) {
  return <Suspense fallback={<div className="insights-chart insights-chart--loading" />}>{props.children}</Suspense>;
}

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

function CsvButton(props: { range: { from: string; to: string }; table: InsightsTable }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(
        await downloadInsightsCsv(props.range, props.table),
        `insights-${props.table}-${props.range.from}-${props.range.to}.csv`,
      );
    } catch (error) {
      void notify('error', error instanceof ApiError ? error.message : 'Please try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" loading={busy} onClick={download}>
      Download CSV
    </Button>
  );
}

function Block(props: {
  title: string;
  table: InsightsTable;
  range: { from: string; to: string };
  children: ReactNode;
}) {
  return (
    <section className="insights-block">
      <Space className="insights-block__head" align="center">
        <h2>{props.title}</h2>
        <CsvButton range={props.range} table={props.table} />
      </Space>
      {props.children}
    </section>
  );
}

const SUMMARY_LABELS: { [K in keyof InsightsSummary]: [string, (value: InsightsSummary[K]) => string] } = {
  trials_started: ['Trials started', String],
  trials_converted: ['Of those, now paying', String],
  trials_ended: ['Trials ended unpaid', String],
  mrr_cents: ['Monthly recurring revenue (now)', money],
  cancelled: ['Paid subscriptions cancelled', String],
  active_at_start: ['Paid subscriptions at the start', String],
  churn_rate: ['Churn', percent],
  purchases: ['One-time purchases', String],
  purchases_cents: ['One-time purchases, total', money],
  lifetime_deal_redemptions: ['Lifetime-deal codes redeemed', String],
  lifetime_deal_claims: ['Lifetime-deal accounts made', String],
  plans_taken: ['Plans taken into My Plans', String],
  plans_edited: ['My Plans saved with edits', String],
  plans_sent: ['My Plans sent to a task tool', String],
  plans_progressing: ['My Plans progressing in their task tool', String],
};

function Figures(props: { insights: Insights; range: { from: string; to: string } }) {
  const { insights, range } = props;
  const summary = insights.summary;
  return (
    <>
      <Block title="Figures of the range" table="summary" range={range}>
        <Descriptions
          bordered
          size="small"
          column={1}
          items={(Object.keys(SUMMARY_LABELS) as (keyof InsightsSummary)[]).map((key) => {
            const [label, show] = SUMMARY_LABELS[key] as [string, (value: unknown) => string];
            return { key, label, children: show(summary[key]) };
          })}
        />
      </Block>
      <Block title="Sign-ups and activations per day" table="daily" range={range}>
        <ChartSlot>
          <DailyChart daily={insights.daily} />
        </ChartSlot>
        <Table
          size="small"
          rowKey="day"
          dataSource={insights.daily}
          pagination={{ pageSize: 31, hideOnSinglePage: true }}
          columns={[
            { key: 'day', title: 'Day', dataIndex: 'day' },
            { key: 'sign_ups', title: 'Sign-ups', dataIndex: 'sign_ups' },
            { key: 'activations', title: 'Activations', dataIndex: 'activations' },
          ]}
        />
      </Block>
      <Block title="Paying members by plan (now)" table="paying_by_plan" range={range}>
        <ChartSlot>
          <RevenueChart payingByPlan={insights.paying_by_plan} money={money} />
        </ChartSlot>
        <Table
          size="small"
          rowKey="plan_id"
          dataSource={insights.paying_by_plan}
          pagination={false}
          columns={[
            { key: 'plan', title: 'Plan', dataIndex: 'plan' },
            { key: 'members', title: 'Members', dataIndex: 'members' },
            { key: 'mrr', title: 'Monthly revenue', dataIndex: 'mrr_cents', render: money },
          ]}
        />
      </Block>
      <Block title="Uploads per tool" table="uploads" range={range}>
        <ChartSlot>
          <UploadsChart uploads={insights.uploads} />
        </ChartSlot>
        <Table
          size="small"
          rowKey="tool"
          dataSource={insights.uploads}
          pagination={false}
          columns={[
            { key: 'tool', title: 'Tool', dataIndex: 'tool' },
            { key: 'uploads', title: 'Uploads', dataIndex: 'uploads' },
            { key: 'succeeded', title: 'Succeeded', dataIndex: 'succeeded' },
            { key: 'failed', title: 'Failed', dataIndex: 'failed' },
            {
              key: 'median',
              title: 'Median duration',
              dataIndex: 'median_seconds',
              render: (seconds: number | null) => (seconds === null ? '—' : `${seconds} s`),
            },
          ]}
        />
      </Block>
      <Block title="AI credits used per plan" table="ai_credits" range={range}>
        <Table
          size="small"
          rowKey="plan"
          dataSource={insights.ai_credits}
          pagination={false}
          columns={[
            { key: 'plan', title: 'Plan', dataIndex: 'plan' },
            { key: 'members', title: 'Members', dataIndex: 'members' },
            { key: 'tokens', title: 'Tokens', dataIndex: 'tokens' },
            { key: 'requests', title: 'Requests', dataIndex: 'requests' },
          ]}
        />
      </Block>
      <Block title="Most taken templates" table="templates" range={range}>
        <p>
          Uploads: the template uploaded to a task tool with success. Copies in My Plans: the template taken with “Save
          to My Plans”. Members: those who did either. Members who deleted their account stay counted.
        </p>
        <Table
          size="small"
          rowKey="template_id"
          dataSource={insights.templates}
          pagination={false}
          columns={[
            { key: 'name', title: 'Template', dataIndex: 'name' },
            { key: 'uploads', title: 'Uploads', dataIndex: 'uploads' },
            { key: 'copies', title: 'Copies in My Plans', dataIndex: 'copies' },
            { key: 'members', title: 'Members', dataIndex: 'members' },
          ]}
        />
      </Block>
    </>
  );
}

/** The insights tab of /admin_panel: a range of days (the last 30 at first) and its tables, each as CSV. */
export function InsightsTab() {
  const [range, setRange] = useState(() => ({ from: isoDay(Date.now() - 29 * DAY), to: isoDay(Date.now()) }));
  const checked = InsightsQuerySchema.safeParse(range);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? INSIGHTS_MESSAGES.BAD_DATE);
  const { data, error, isFetching } = useInsights(range, checked.success);
  return (
    <div className="insights-tab">
      <Space wrap className="insights-tab__range">
        <label htmlFor="insights-from">From</label>
        <Input
          id="insights-from"
          type="date"
          min={DAY_RANGE.FIRST}
          max={DAY_RANGE.LAST}
          value={range.from}
          onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
        />
        <label htmlFor="insights-to">To</label>
        <Input
          id="insights-to"
          type="date"
          min={DAY_RANGE.FIRST}
          max={DAY_RANGE.LAST}
          value={range.to}
          onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
        />
        {isFetching && <span>Loading…</span>}
      </Space>
      {problem && <Alert type="warning" showIcon message={problem} />}
      {error && (
        <Alert type="error" showIcon message={error instanceof ApiError ? error.message : 'Please try again'} />
      )}
      {data && checked.success && <Figures insights={data} range={range} />}
    </div>
  );
}
