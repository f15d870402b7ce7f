import { MY_DATA_MESSAGES } from '@dpp/shared/messages';
import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { signOut } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { deleteMyAccount } from './my-data.api';
import './account.css';

/**
 * /delete-account/:token: the link mailed to an account without a password or a second factor when its owner asked
 * to delete it. Opened signed in as that account, it deletes the account at once (the request was the owner's
 * choice; the link proves the mailbox), then signs out; a link used, replaced, expired or for another account
 * deletes nothing and says so.
 */
export function DeleteAccountPage() {
  const { token = '' } = useParams();
  const [failure, setFailure] = useState<string | null>(null);
  // Once, even where the page is drawn twice: the link works once.
  const sent = useRef(false);
  useDocumentTitle(MY_DATA_MESSAGES.DELETE_BUTTON);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    deleteMyAccount({ token })
      .then(() => {
        void notify('success', MY_DATA_MESSAGES.DELETED_TITLE, MY_DATA_MESSAGES.DELETED_TEXT);
        signOut();
      })
      .catch((error: unknown) => {
        setFailure(error instanceof ApiError && error.status < 500 ? error.message : MY_DATA_MESSAGES.DELETE_FAILED);
      });
  }, [token]);

  return (
    <div className="container account-page">
      <h1>{MY_DATA_MESSAGES.DELETE_BUTTON}</h1>
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} action={<Link to="/myAccount">My Account</Link>} />
      ) : (
        <p role="status">
          <Spin size="small" /> {MY_DATA_MESSAGES.DELETING}
        </p>
      )}
    </div>
  );
}
