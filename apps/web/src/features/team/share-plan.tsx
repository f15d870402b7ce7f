import { ShareAltOutlined } from '@ant-design/icons';
import type { PlanRole } from '@dpp/shared/rules/team';
import type { PlanPerson, Teammate } from '@dpp/shared/schemas/team';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { failureText, getTeam, setPlanAccess, teamKeys } from './team.api';
import './team.css';

export type AccessChoice = PlanRole | 'none';

const ACCESS_OPTIONS: { value: AccessChoice; label: string }[] = [
  { value: 'none', label: 'No access' },
  { value: 'viewer', label: 'Viewer: can view' },
  { value: 'editor', label: 'Editor: can edit' },
];

/** A teammate's access to the plan as its people list it: their role, or none when they are not among them. */
export function accessOf(people: readonly PlanPerson[], teammateId: number): AccessChoice {
  const person = people.find((p) => p.id === teammateId && p.role !== 'owner');
  return person ? (person.role as PlanRole) : 'none';
}

/** What the page says once a teammate's access has changed. */
export function accessChangedText(name: string, choice: AccessChoice): string {
  if (choice === 'none') return `${name} no longer has access to this plan; their tasks on it are unassigned.`;
  return choice === 'editor' ? `${name} can now edit this plan.` : `${name} can now view this plan, not change it.`;
}

/**
 * The editor's Share control (the plan's owner only): each teammate of the owner's team is given, for this plan,
 * no access, viewer or editor. Each choice is sent at once (PUT /api/my-plans/:id/access) and answers the plan's
 * people, which `onChanged` hands back to the editor (its owner field offers them).
 */
export function SharePlan({
  planId,
  people,
  onChanged,
}: {
  planId: number;
  people: readonly PlanPerson[];
  onChanged: (people: PlanPerson[], change: { teammateId: number; choice: AccessChoice }) => void;
}) {
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  const team = useQuery({ queryKey: teamKeys.team, queryFn: ({ signal }) => getTeam(signal), enabled: open });
  const change = useMutation({
    mutationFn: ({ teammate, choice }: { teammate: Teammate; choice: AccessChoice }) =>
      setPlanAccess(planId, { teammates: [{ id: teammate.id, role: choice }] }),
    // One change after the other: a later choice is never overtaken by an earlier one still on its way.
    scope: { id: `plan-access-${planId}` },
    onMutate: () => setSaid(''),
    onSuccess: (answer, { teammate, choice }) => {
      setSaid(accessChangedText(teammate.name, choice));
      onChanged(answer.people, { teammateId: teammate.id, choice });
    },
  });

  const teammates = team.data?.teammates;
  return (
    <>
      <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Share
      </Button>
      <Modal
        open={open}
        title="Share this plan with your team"
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
        onCancel={() => setOpen(false)}
      >
        <p>A viewer sees the plan; an editor changes it too. Only you can share, send or delete it.</p>
        {team.error ? (
          <Alert type="error" showIcon title={failureText(team.error, 'We could not read your team.')} />
        ) : !teammates ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : teammates.length === 0 ? (
          <p>
            You have no teammates yet: invite them from the Team panel of <Link to="/my-plans">My Plans</Link>.
          </p>
        ) : (
          <ul className="share-plan__list">
            {teammates.map((teammate) => (
              <li key={teammate.id} className="share-plan__row">
                <span>
                  {teammate.name} <span className="share-plan__email">({teammate.email})</span>
                </span>
                <Select<AccessChoice>
                  aria-label={`Access of ${teammate.name}`}
                  className="share-plan__access"
                  value={accessOf(people, teammate.id)}
                  options={ACCESS_OPTIONS}
                  onChange={(choice) => change.mutate({ teammate, choice })}
                />
              </li>
            ))}
          </ul>
        )}
        <div aria-live="polite">
          {said && <Alert type="success" showIcon title={said} className="team-panel__note" />}
          {change.error && (
            <Alert
              type="error"
              showIcon
              className="team-panel__note"
              title={failureText(change.error, 'The access was not changed.')}
            />
          )}
        </div>
      </Modal>
    </>
  );
}
