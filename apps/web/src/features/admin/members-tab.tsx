import { MEMBER_ADMIN_MESSAGES } from '@dpp/shared/messages';
import type { MemberDetail, MemberListQuery, MemberSummary } from '@dpp/shared/schemas/member-admin';
import { Alert, Button, Descriptions, Drawer, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { money } from './admin-format';
import {
  type MemberAction,
  runMemberAction,
  useMemberDetail,
  useMemberList,
  useMembersChanged,
} from './member-admin.api';

const PAGE_SIZE = 20;
type Flag = 'any' | 'true' | 'false';
type FlagName = 'trial' | 'admin' | 'locked' | 'lifetime_deal';
const FLAGS: { name: FlagName; label: string }[] = [
  { name: 'trial', label: 'Trial' },
  { name: 'admin', label: 'Administrator' },
  { name: 'locked', label: 'Locked' },
  { name: 'lifetime_deal', label: 'Lifetime deal' },
];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function statusTags(member: MemberSummary): ReactNode {
  return (
    <Space size={4} wrap>
      {member.admin && <Tag className="member-tag member-tag--info">Administrator</Tag>}
      {member.trial && <Tag>Trial</Tag>}
      {member.lifetime_deal && <Tag>Lifetime deal</Tag>}
      {member.locked && <Tag className="member-tag member-tag--warn">Locked</Tag>}
      {member.sign_in_disabled && <Tag className="status-tag status-tag--off">Sign-in disabled</Tag>}
      {member.has_account && !member.verified && <Tag>Not verified</Tag>}
    </Space>
  );
}

/** One action on the member's account, behind a confirmation. */
function ActionButton(props: {
  clientId: number;
  action: MemberAction;
  label: string;
  confirm: string;
  danger?: boolean;
}) {
  const changed = useMembersChanged();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await runMemberAction(props.clientId, props.action);
      void notify('success', result.message);
      await changed();
    } catch (error) {
      void notify('error', error instanceof ApiError ? error.message : 'Please try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={props.confirm}
      okText={props.label}
      okButtonProps={{ danger: props.danger ?? false }}
      onConfirm={run}
    >
      <Button loading={busy} danger={props.danger ?? false}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <section className="member-view__section">
      <h3>{props.title}</h3>
      {props.children}
    </section>
  );
}

function SmallTable<T extends object>(props: {
  label: string;
  rows: T[];
  rowKey: keyof T & string;
  columns: { title: string; render: (row: T) => ReactNode }[];
}) {
  if (props.rows.length === 0) return <p className="member-view__none">{props.label}: none.</p>;
  return (
    <Table<T>
      aria-label={props.label}
      size="small"
      rowKey={props.rowKey}
      dataSource={props.rows}
      pagination={false}
      columns={props.columns.map((c) => ({
        key: c.title,
        title: c.title,
        render: (_: unknown, row: T) => c.render(row),
      }))}
    />
  );
}

function MemberActions({ member }: { member: MemberDetail['member'] }) {
  const id = member.client_id;
  if (!member.has_account) return <p>{MEMBER_ADMIN_MESSAGES.NO_IDENTITY}</p>;
  return (
    <Space wrap>
      <ActionButton
        clientId={id}
        action="end-sessions"
        label="End all sessions"
        confirm="End every session of this member?"
        danger
      />
      {member.sign_in_disabled ? (
        <ActionButton
          clientId={id}
          action="enable-sign-in"
          label="Enable sign-in"
          confirm="Let this member sign in again?"
        />
      ) : (
        <ActionButton
          clientId={id}
          action="disable-sign-in"
          label="Disable sign-in"
          confirm="Disable sign-in for this member? Their sessions end too."
          danger
        />
      )}
      {member.locked && (
        <ActionButton
          clientId={id}
          action="lift-lock"
          label="Lift the lock"
          confirm="Let this member sign in again at once?"
        />
      )}
      {!member.verified && (
        <ActionButton
          clientId={id}
          action="resend-verification"
          label="Resend verification mail"
          confirm="Mail this member a new verification link?"
        />
      )}
      {member.admin ? (
        <ActionButton
          clientId={id}
          action="revoke-admin"
          label="Revoke administrator"
          confirm="Take the administrator role from this member?"
          danger
        />
      ) : (
        <ActionButton
          clientId={id}
          action="grant-admin"
          label="Make administrator"
          confirm="Make this member an administrator?"
        />
      )}
    </Space>
  );
}

/** One member's page: their record, the actions, and the newest rows held about them. */
function MemberView({ clientId, onClose }: { clientId: number | null; onClose: () => void }) {
  const { data, isError, refetch } = useMemberDetail(clientId);
  return (
    <Drawer
      open={clientId !== null}
      onClose={onClose}
      size="large"
      title={<span className="member-view__title">{data?.member.email ?? 'Member'}</span>}
      destroyOnHidden
    >
      {isError && (
        <Alert
          type="error"
          title={MEMBER_ADMIN_MESSAGES.LOAD_FAILED}
          action={<Button onClick={() => refetch()}>Try again</Button>}
        />
      )}
      {data && (
        <div className="member-view">
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'name', label: 'Name', children: data.member.name || '—' },
              { key: 'plan', label: 'Plan', children: data.member.plan_name || '—' },
              { key: 'status', label: 'Status', children: statusTags(data.member) },
              { key: 'trial_end', label: 'Trial ends', children: when(data.member.trial_end) },
              { key: 'locked_until', label: 'Locked until', children: when(data.member.locked_until) },
              { key: 'created', label: 'Member since', children: when(data.member.created_at) },
            ]}
          />
          <Section title="Actions">
            <MemberActions member={data.member} />
          </Section>
          <Section title="Sessions">
            <SmallTable
              label="Sessions"
              rows={data.sessions}
              rowKey="id"
              columns={[
                { title: 'Device', render: (s) => s.user_agent || '—' },
                { title: 'Address', render: (s) => s.ip },
                { title: 'Last active', render: (s) => when(s.last_seen_at) },
                { title: 'State', render: (s) => (s.revoked_at ? 'Ended' : 'Open') },
              ]}
            />
          </Section>
          <Section title="Billing">
            <SmallTable
              label="Subscriptions"
              rows={data.subscriptions}
              rowKey="id"
              columns={[
                { title: 'Plan', render: (s) => s.plan_id },
                { title: 'Status', render: (s) => s.status },
                { title: 'Started', render: (s) => when(s.started_at) },
                { title: 'Period ends', render: (s) => when(s.current_period_end) },
              ]}
            />
            <SmallTable
              label="Payments"
              rows={data.payments}
              rowKey="id"
              columns={[
                { title: 'Kind', render: (p) => p.kind },
                { title: 'Amount', render: (p) => money(p.amount_cents) },
                { title: 'Date', render: (p) => when(p.created_at) },
              ]}
            />
          </Section>
          <Section title="Plans and purchases">
            <SmallTable
              label="Template purchases"
              rows={data.purchases}
              rowKey="id"
              columns={[
                { title: 'Template', render: (p) => p.project_plan_id },
                { title: 'Amount', render: (p) => money(p.amount_cents) },
                { title: 'Status', render: (p) => p.status },
                { title: 'Date', render: (p) => when(p.created_at) },
              ]}
            />
            <SmallTable
              label="AI plans"
              rows={data.ai_plans}
              rowKey="id"
              columns={[
                { title: 'Title', render: (p) => p.title },
                { title: 'Updated', render: (p) => when(p.updated_at) },
              ]}
            />
          </Section>
          <Section title="Uploads">
            <SmallTable
              label="Uploads"
              rows={data.uploads}
              rowKey="id"
              columns={[
                { title: 'Kind', render: (u) => u.kind },
                { title: 'Status', render: (u) => u.status },
                { title: 'Started', render: (u) => when(u.created_at) },
              ]}
            />
          </Section>
          <Section title="AI usage">
            <SmallTable
              label="AI usage"
              rows={data.ai_usage}
              rowKey="period"
              columns={[
                { title: 'Month', render: (u) => u.period },
                { title: 'Credits', render: (u) => u.tokens },
                { title: 'Requests', render: (u) => u.requests },
              ]}
            />
          </Section>
          <Section title="Audit events">
            <SmallTable
              label="Audit events"
              rows={data.audit_events}
              rowKey="id"
              columns={[
                { title: 'When', render: (e) => when(e.at) },
                { title: 'Event', render: (e) => e.action },
                { title: 'Outcome', render: (e) => e.outcome },
                { title: 'By', render: (e) => e.actor_email ?? '—' },
              ]}
            />
          </Section>
        </div>
      )}
    </Drawer>
  );
}

/** The members tab of /admin_panel: search, filters, a paged table, and a member's page with the actions. */
export function MembersTab() {
  const [search, setSearch] = useState('');
  const [plan, setPlan] = useState('');
  const [flags, setFlags] = useState<Record<FlagName, Flag>>({
    trial: 'any',
    admin: 'any',
    locked: 'any',
    lifetime_deal: 'any',
  });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query: MemberListQuery = { page, size: PAGE_SIZE };
  if (search) query.q = search;
  if (plan) query.plan = plan;
  for (const { name } of FLAGS) if (flags[name] !== 'any') query[name] = flags[name] as 'true' | 'false';
  const { data, isLoading, isError, refetch } = useMemberList(query);

  return (
    <div className="members-tab">
      <div className="members-tab__filters">
        <Input.Search
          aria-label="Search members"
          placeholder="E-mail or name"
          allowClear
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Input.Search
          aria-label="Plan"
          placeholder="Plan name"
          allowClear
          onSearch={(value) => {
            setPlan(value.trim());
            setPage(1);
          }}
        />
        {FLAGS.map(({ name, label }) => (
          <Select<Flag>
            key={name}
            aria-label={label}
            value={flags[name]}
            onChange={(value) => {
              setFlags({ ...flags, [name]: value });
              setPage(1);
            }}
            options={[
              { value: 'any', label: `${label}: any` },
              { value: 'true', label: `${label}: yes` },
              { value: 'false', label: `${label}: no` },
            ]}
          />
        ))}
      </div>
      {isError ? (
        <Alert
          type="error"
          title={MEMBER_ADMIN_MESSAGES.LOAD_FAILED}
          action={<Button onClick={() => refetch()}>Try again</Button>}
        />
      ) : (
        <Table<MemberSummary>
          aria-label="Members"
          rowKey="client_id"
          loading={isLoading}
          dataSource={data?.members ?? []}
          scroll={{ x: 720 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'email', title: 'E-mail', dataIndex: 'email' },
            { key: 'name', title: 'Name', render: (_, m) => m.name || '—' },
            { key: 'plan', title: 'Plan', render: (_, m) => m.plan_name || '—' },
            { key: 'status', title: 'Status', render: (_, m) => statusTags(m) },
            {
              key: 'open',
              title: 'Member',
              render: (_, m) => (
                <Button aria-label={`Open ${m.email}`} onClick={() => setOpen(m.client_id)}>
                  Open
                </Button>
              ),
            },
          ]}
        />
      )}
      <MemberView clientId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
