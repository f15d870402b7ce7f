import { OAUTH_BUTTON_LOADING_MS } from '@dpp/shared/constants';
import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { exchangeCode, fetchAuthorizationLink, resumeConnection } from './upload.api';
import {
  type ConnectionData,
  planId,
  rememberPlan,
  selectedTool,
  selectTool,
  storeConnection,
  toolByType,
} from './upload-state';
import { notifyUploadError, WizardFrame } from './wizard';

/** The member's stored connection, as the server hands it back for a new sending. */
interface StoredConnection {
  handle: string;
  data: ConnectionData;
}

/**
 * Step 2: connect the tool. Without a code: the member's stored connection when the tool still honours it (Continue,
 * no new consent), else a connect button that goes to the tool's consent page. Back from it with ?code&state: the
 * code is exchanged for a connection handle, then on to the workspaces.
 */
export function ConnectPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const tool = toolByType(params.tool) ?? selectedTool();
  const code = search.get('code');
  const state = search.get('state') ?? '';
  const [loading, setLoading] = useState(false);
  const exchanged = useRef(false);
  const plan = planId();
  // undefined while the server is asked; null when the member must consent.
  const [stored, setStored] = useState<StoredConnection | null | undefined>(code ? null : undefined);

  useEffect(() => {
    if (!tool || !plan || code) return;
    let current = true;
    resumeConnection(tool)
      .then((answer) => answer.connected && { handle: answer.access_token, data: answer.data })
      // Whatever kept the answer away, the consent page still connects.
      .catch(() => false as const)
      .then((found) => {
        if (current) setStored(found || null);
      });
    return () => {
      current = false;
    };
  }, [tool, plan, code]);

  useEffect(() => {
    if (!tool || !plan || !code || exchanged.current) return;
    exchanged.current = true;
    selectTool(tool.value);
    exchangeCode(tool, code, state)
      .then((answer) => {
        if (answer.err || !answer.access_token) throw new Error(answer.err);
        storeConnection(answer.access_token, answer.data);
        navigate('/upload-action/select-workspace', { replace: true, state: { payment: 'done', planId: plan } });
      })
      .catch((error: unknown) => {
        notifyUploadError(error);
        navigate(`/upload-action/connect/${tool.connectionType}`, { replace: true });
      });
  }, [tool, plan, code, state, navigate]);

  if (!tool || !plan) return <Navigate to="/" replace />;

  const continueWith = ({ handle, data }: StoredConnection) => {
    storeConnection(handle, data);
    navigate('/upload-action/select-workspace', { state: { payment: 'done', planId: plan } });
  };

  const connect = () => {
    setLoading(true);
    // The OAuth button stays busy for 3 seconds, whatever happens (docs/product-rules.md, Accounts).
    window.setTimeout(() => setLoading(false), OAUTH_BUTTON_LOADING_MS);
    rememberPlan(plan);
    fetchAuthorizationLink(tool)
      .then(({ link }) => window.location.assign(link))
      .catch(() => notifyUploadError(undefined));
  };

  return (
    <WizardFrame step={1} title={`Login to ${tool.name}`}>
      {code || stored === undefined ? (
        <div className="upload-connect" role="status">
          <Spin />
          <p>{code ? `Connecting to ${tool.name}...` : UPLOAD_MESSAGES.CHECKING_CONNECTION(tool.name)}</p>
        </div>
      ) : stored ? (
        <div className="upload-connect">
          <img src={tool.logo} alt={`${tool.name} logo`} width={180} height={48} />
          <p>{UPLOAD_MESSAGES.CONNECTED_AS(tool.name, stored.data.email)}</p>
          <Button type="primary" size="large" onClick={() => continueWith(stored)}>
            {UPLOAD_MESSAGES.CONTINUE}
          </Button>
          <Button type="link" loading={loading} onClick={connect}>
            {UPLOAD_MESSAGES.CONNECT_ANOTHER(tool.name)}
          </Button>
        </div>
      ) : (
        <div className="upload-connect">
          <img src={tool.logo} alt={`${tool.name} logo`} width={180} height={48} />
          <p>Sign in to {tool.name} and allow Digital Project Planner to create your project there.</p>
          <Button type="primary" size="large" loading={loading} onClick={connect}>
            {tool.buttonText}
          </Button>
        </div>
      )}
    </WizardFrame>
  );
}
