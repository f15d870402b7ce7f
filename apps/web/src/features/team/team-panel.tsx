import { TEAM_MESSAGES, type TeamInvitation, type Teammate } from '@dpp/shared/schemas/team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { notify } from '../../shared/notify';
import {
  failureText as failure,
  getTeam,
  inviteTeammate,
  removeTeammate,
  teamKeys,
  withdrawInvitation,
} from './team.api';
import './team.css';

/** The count of a team against its membership's number: "2 of 5 teammates (invitations included)". */
export function teamCountText(used: number, limit: number | null): string {
  return limit === null
    ? `${used} ${used === 1 ? 'teammate' : 'teammates'}`
    : `${used} of ${limit} (invitations included)`;
}

/**
 * My Plans' Team panel: invite a teammate by name and e-mail, the invitations not accepted yet (withdraw), and the
 * teammates (remove, after a confirmation: their access to every plan ends at once).
 */
export function TeamPanel() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; email: string }>();
  const [sent, setSent] = useState<string | null>(null);
  const team = useQuery({ queryKey: teamKeys.team, queryFn: ({ signal }) => getTeam(signal) });
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.team });
    void queryClient.invalidateQueries({ queryKey: ['my-plans'] });
  };
  const invite = useMutation({
    mutationFn: inviteTeammate,
    onSuccess: (answer) => {
      setSent(answer.message);
      form.resetFields();
      changed();
    },
  });
  const withdraw = useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: changed,
    onError: (error) => void notify('error', 'The invitation was not withdrawn', failure(error)),
  });
  const remove = useMutation({
    mutationFn: removeTeammate,
    onSuccess: changed,
    onError: (error) => void notify('error', 'The teammate was not removed', failure(error)),
  });

  const data = team.data;
  const live = data ? data.teammates.length + data.invitations.filter((i) => !i.expired).length : 0;
  return (
    <section className="team-panel" aria-labelledby="team-panel-title">
      <div className="team-panel__head">
        <h2 id="team-panel-title">Team</h2>
        {data && (
          <p className="team-panel__count" data-testid="team-count">
            {teamCountText(live, data.limit)}
          </p>
        )}
      </div>
      <p>Invite the people who work on your plans, then share each plan with them as a viewer or an editor.</p>
      <Form
        form={form}
        layout="inline"
        className="team-panel__form"
        onFinish={(values) => {
          setSent(null);
          invite.mutate({ name: values.name, email: values.email });
        }}
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: TEAM_MESSAGES.NAME_REQUIRED }]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="email"
          label="E-mail"
          rules={[{ required: true, type: 'email', message: 'Please enter a valid e-mail address.' }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Form.Item>
      </Form>
      <div aria-live="polite">
        {sent && <Alert type="success" showIcon title={sent} className="team-panel__note" />}
        {invite.error && <Alert type="error" showIcon title={failure(invite.error)} className="team-panel__note" />}
      </div>
      {team.error ? (
        <Alert type="error" showIcon title={failure(team.error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          {data.invitations.length > 0 && (
            <>
              <h3>Invitations</h3>
              <List<TeamInvitation>
                aria-label="Invitations"
                dataSource={data.invitations}
                renderItem={(invitation) => (
                  <List.Item
                    actions={[
                      <Button key="withdraw" onClick={() => withdraw.mutate(invitation.id)}>
                        Withdraw<span className="visually-hidden"> the invitation to {invitation.name}</span>
                      </Button>,
                    ]}
                  >
                    <span>
                      {invitation.name} ({invitation.email}){' '}
                      {invitation.expired ? <Tag color="red">Expired</Tag> : <Tag>Pending</Tag>}
                    </span>
                  </List.Item>
                )}
              />
            </>
          )}
          <h3>Teammates</h3>
          {data.teammates.length === 0 ? (
            <p>No teammates yet.</p>
          ) : (
            <List<Teammate>
              aria-label="Teammates"
              dataSource={data.teammates}
              renderItem={(teammate) => (
                <List.Item
                  actions={[
                    <Popconfirm
                      key="remove"
                      title={`Remove ${teammate.name}?`}
                      description="Their access to every plan of yours ends at once, and their tasks are unassigned."
                      okText="Remove"
                      onConfirm={() => remove.mutate(teammate.id)}
                    >
                      <Button danger>
                        Remove<span className="visually-hidden"> {teammate.name}</span>
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <span>
                    {teammate.name} ({teammate.email})
                  </span>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </section>
  );
}
