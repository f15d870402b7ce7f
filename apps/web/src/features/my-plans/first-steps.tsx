import { FileAddOutlined, RobotOutlined, SnippetsOutlined } from '@ant-design/icons';
import { FIRST_STEPS_MESSAGES as TEXT } from '@dpp/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { myPlansKeys, takeMyPlan } from './my-plans.api';
import './first-steps.css';

/**
 * "New blank plan": an empty plan of the member's own (one empty section), opened in the editor. It counts against
 * the plans their membership keeps; a refusal is shown in the server's words.
 */
export function NewBlankPlanButton({ type = 'default' }: { type?: 'primary' | 'default' }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const copy = await takeMyPlan({ source: 'blank' });
      void queryClient.invalidateQueries({ queryKey: myPlansKeys.list });
      navigate(`/my-plans/${copy.id}`);
    } catch (error) {
      setBusy(false);
      void notify('error', TEXT.BLANK_FAILED, error instanceof ApiError ? error.message : 'Please try again');
    }
  };
  return (
    <Button type={type} loading={busy} icon={<FileAddOutlined aria-hidden />} onClick={() => void start()}>
      {TEXT.BLANK_ACTION}
    </Button>
  );
}

/** The three ways to a first plan, for a newcomer: a template, the AI Planner, or a blank plan. */
const STEPS = [
  {
    icon: SnippetsOutlined,
    title: TEXT.TEMPLATE_TITLE,
    text: TEXT.TEMPLATE_TEXT,
    action: (
      <Link className="first-steps__link" to="/project-plans">
        {TEXT.TEMPLATE_ACTION}
      </Link>
    ),
  },
  {
    icon: RobotOutlined,
    title: TEXT.AI_TITLE,
    text: TEXT.AI_TEXT,
    action: (
      <Link className="first-steps__link" to="/ai">
        {TEXT.AI_ACTION}
      </Link>
    ),
  },
  { icon: FileAddOutlined, title: TEXT.BLANK_TITLE, text: TEXT.BLANK_TEXT, action: <NewBlankPlanButton /> },
];

/** "Where to start": the three ways to a first plan, under a heading of the given level. */
export function FirstSteps({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const Item = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <section className="first-steps" aria-labelledby="first-steps-title">
      <Heading id="first-steps-title" className="first-steps__title">
        {TEXT.TITLE}
      </Heading>
      <ul className="first-steps__list">
        {STEPS.map(({ icon: Icon, title, text, action }) => (
          <li key={title} className="first-steps__item">
            <Icon className="first-steps__icon" aria-hidden />
            <Item>{title}</Item>
            <p>{text}</p>
            {action}
          </li>
        ))}
      </ul>
    </section>
  );
}
