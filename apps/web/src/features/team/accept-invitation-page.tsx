import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { useParams } from 'react-router';
import { usePageNavigate } from '../../shared/navigation';
import { rememberRedirect, useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { acceptInvitation, failureText, getInvitation, teamKeys } from './team.api';

/**
 * /team/accept/:token: an invitation to a member's team. Signed out, Log in and Create account both come back here
 * afterwards (a new account through the normal verification); signed in, Accept joins the team and goes to My
 * Plans, where the plans shared with them are listed.
 */
export function AcceptInvitationPage() {
  useDocumentTitle('Team invitation');
  const { token = '' } = useParams();
  const { user } = useSession();
  const navigate = usePageNavigate();
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-plans'] });
      navigate('/my-plans', { state: { joined: true } });
    },
  });
  const goTo = (path: string) => {
    rememberRedirect(`/team/accept/${token}`);
    navigate(path, { state: { from: `/team/accept/${token}` } });
  };

  const invitation = view.data;
  return (
    <main className="container team-accept">
      <Card>
        <h1>Team invitation</h1>
        {view.error ? (
          <Alert type="error" showIcon title={failureText(view.error, 'We could not read this invitation.')} />
        ) : !invitation ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : invitation.message ? (
          <Alert type="warning" showIcon title={invitation.message} />
        ) : (
          <>
            <p>
              {invitation.owner_first_name} invites {invitation.invited_name} to their team on Digital Project Planner,
              to see and work on the plans they share.
            </p>
            {user ? (
              <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
                Accept the invitation
              </Button>
            ) : (
              <>
                <p>Log in, or create an account, with the e-mail address the invitation was sent to.</p>
                <Space wrap>
                  <Button type="primary" onClick={() => goTo('/user-login')}>
                    Log in
                  </Button>
                  <Button onClick={() => goTo('/register')}>Create account</Button>
                </Space>
              </>
            )}
            <div aria-live="polite">
              {accept.error && (
                <Alert type="error" showIcon className="team-panel__note" title={failureText(accept.error)} />
              )}
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
