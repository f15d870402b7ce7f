import { SECURITY_MESSAGES } from '@dpp/shared/messages';
import type { ActiveSession } from '@dpp/shared/schemas/identity-extras';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { endOtherSessions, endSessionRequest, getSessions } from '../../shared/api/identity.api';
import { notify } from '../../shared/notify';

const SESSIONS_QUERY = ['identity', 'sessions'] as const;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({ session, onEnd, ending }: { session: ActiveSession; onEnd: () => void; ending: boolean }) {
  const labelId = `session-${session.id}`;
  return (
    <li className="account-row">
      <div>
        <strong id={labelId}>
          {session.device} {session.current && <span className="account-sessions__current">This device</span>}
        </strong>
        <p>
          Place (IP): {session.ip || 'unknown'} · Started {when.format(new Date(session.created_at))} · Last active{' '}
          {when.format(new Date(session.last_active_at))}
        </p>
      </div>
      {!session.current && (
        <Button onClick={onEnd} loading={ending} aria-describedby={labelId}>
          End
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in: device, place, started, last active; end one or every other. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_QUERY, queryFn: getSessions });
  const [ending, setEnding] = useState<number | 'others' | null>(null);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const run = async (target: number | 'others') => {
    setEnding(target);
    try {
      if (target === 'others') await endOtherSessions();
      else await endSessionRequest(target);
      void notify(
        'success',
        SECURITY_MESSAGES.SESSION_ENDED_TITLE,
        target === 'others' ? SECURITY_MESSAGES.OTHER_SESSIONS_ENDED_TEXT : SECURITY_MESSAGES.SESSION_ENDED_TEXT,
      );
    } catch {
      void notify('error', 'Error', 'Please try again');
    } finally {
      setEnding(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY });
    }
  };

  return (
    <section className="account-section" aria-labelledby="active-sessions">
      <div className="account-section__head">
        <h2 id="active-sessions">Active sessions</h2>
        {others.length > 0 && (
          <Button danger onClick={() => void run('others')} loading={ending === 'others'}>
            End all other sessions
          </Button>
        )}
      </div>
      {sessions.isError && <p>Please try again</p>}
      <ul className="account-sessions">
        {(sessions.data ?? []).map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={ending === session.id}
            onEnd={() => void run(session.id)}
          />
        ))}
      </ul>
    </section>
  );
}
