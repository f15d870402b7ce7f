import { MESSAGES } from '@dpp/shared/messages';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

function NoticePage({ title, text }: { title: string; text: string }) {
  const navigate = useNavigate();
  return (
    <section className="notice-page">
      <h1>{title}</h1>
      <p>{text}</p>
      <Button type="primary" size="large" onClick={() => navigate('/')}>
        {MESSAGES.BACK_TO_MAIN_PAGE}
      </Button>
    </section>
  );
}

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found | Digital Project Planner';
  }, []);
  return <NoticePage title={MESSAGES.NOT_FOUND_TITLE} text={MESSAGES.NOT_FOUND_TEXT} />;
}

export function NoPermissionsPage() {
  useEffect(() => {
    document.title = 'No access | Digital Project Planner';
  }, []);
  const [title, ...rest] = MESSAGES.NO_PERMISSION_TEXT.split(' ');
  return <NoticePage title={title ?? ''} text={rest.join(' ')} />;
}
