import { isRouteAllowed } from '@dpp/shared/rules/permissions';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { PLANNER_STEPS } from './planner-steps';
import './planner.css';

const STEP_TEXT = [
  'Answer six questions about your business; we turn them into a S.M.A.R.T. goal you can edit.',
  'Get up to 5 projects that reach your goal, with tips, and choose one.',
  'See the purpose, description, roles and resources, success criteria and tools of your project.',
  'Get 8 tasks with subtasks, in four colour groups.',
  'Send the task list to Asana, ClickUp or monday.com, or download it.',
];

/** /ai/preview: greets the member and shows the five steps before the wizard. */
export function AiPreviewPage() {
  const { user, permissions } = useSession();
  const navigate = useNavigate();
  const [denied, setDenied] = useState(false);
  useDocumentTitle('AI Planner');
  const start = () => {
    if (isRouteAllowed(permissions, '/ai/generate')) navigate('/ai/generate');
    else setDenied(true);
  };
  return (
    <main className="planner container">
      <h1>Hi {user?.givenName}, welcome to your AI planner</h1>
      <p>In five steps, your business answers become a plan you can run.</p>
      <ol className="planner-preview__steps">
        {PLANNER_STEPS.map((name, i) => (
          <li key={name}>
            <h2>{name}</h2>
            <p>{STEP_TEXT[i]}</p>
          </li>
        ))}
      </ol>
      <Button type="primary" size="large" onClick={start}>
        Get Started
      </Button>
      <Modal
        open={denied}
        title="Upgrade to use the AI planner"
        onCancel={() => setDenied(false)}
        okText="See plans"
        cancelText="Cancel"
        onOk={() => navigate('/#prices')}
      >
        <p>The AI planner is part of the Pro and Premium memberships. Choose a membership to get started.</p>
      </Modal>
    </main>
  );
}
