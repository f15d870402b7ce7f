import { OAUTH_BUTTON_LOADING_MS } from '@dpp/shared/constants';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { exchangeCode, fetchAuthorizationLink } from './upload.api';
import { planId, rememberPlan, selectedTool, selectTool, storeConnection, toolByType } from './upload-state';
import { notifyUploadError, WizardFrame } from './wizard';

/**
 * Step 2: connect the tool. Without a code: a connect button that goes to the tool's consent page.
 * Back from it with ?code&state: the code is exchanged for a connection handle, then on to the workspaces.
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
      {code ? (
        <div className="upload-connect" role="status">
          <Spin />
          <p>Connecting to {tool.name}...</p>
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
