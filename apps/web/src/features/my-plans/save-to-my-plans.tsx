import type { MyPlanCreateRequest } from '@dpp/shared/schemas/my-plans';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { PageLink, usePageLocation, usePageNavigate } from '../../shared/navigation';
import { rememberRedirect, useSession } from '../../shared/session';
import { takeMyPlan } from './my-plans.api';

/**
 * "Save to My Plans": takes the template or AI plan as the member's own copy and opens it in the editor. A visitor
 * signs in first and comes back here. The server decides who may take what; its refusal is shown in its words.
 * Drawn by a page of the app and by an island alike, so it moves through shared/navigation (antd inside Themed).
 * Its parent lays it out: a wrapping row, where the refusal (`save-to-my-plans__refusal`) takes a line of its own.
 */
export function SaveToMyPlans({
  request,
  size = 'large',
  describedBy,
}: {
  request: MyPlanCreateRequest;
  size?: 'middle' | 'large';
  /** The id of a line that says what saving does. */
  describedBy?: string;
}) {
  const { user } = useSession();
  const location = usePageLocation();
  const navigate = usePageNavigate();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; status: number } | null>(null);
  // A template the membership does not include can be bought once ("Buy it or choose a membership").
  const buyable = refusal?.status === 402 && request.source === 'template' ? request.templateId : null;

  const save = async () => {
    if (!user) {
      rememberRedirect(location.pathname, location.state);
      navigate('/user-login', { state: { from: location.pathname } });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const copy = await takeMyPlan(request);
      navigate(`/my-plans/${copy.id}`);
    } catch (error) {
      setRefusal({
        message: error instanceof ApiError ? error.message : 'Please try again',
        status: error instanceof ApiError ? error.status : 0,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size={size} loading={busy} onClick={() => void save()} aria-describedby={describedBy}>
        Save to My Plans
      </Button>
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="save-to-my-plans__refusal"
          title={refusal.message}
          action={
            refusal.status === 403 ? (
              <PageLink to="/my-plans">Open My Plans</PageLink>
            ) : buyable !== null ? (
              <span className="save-to-my-plans__choices">
                <Button type="primary" size="small" onClick={() => navigate(`/payment/${buyable}`)}>
                  Buy
                </Button>
                <PageLink to={{ pathname: '/', hash: '#prices' }}>See memberships</PageLink>
              </span>
            ) : undefined
          }
        />
      )}
    </>
  );
}
