import { MESSAGES } from '@dpp/shared/messages';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';

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
  useDocumentTitle('Page not found');
  return <NoticePage title={MESSAGES.NOT_FOUND_TITLE} text={MESSAGES.NOT_FOUND_TEXT} />;
}

export function NoPermissionsPage() {
  useDocumentTitle('No access');
  const [title, ...rest] = MESSAGES.NO_PERMISSION_TEXT.split(' ');
  return <NoticePage title={title ?? ''} text={rest.join(' ')} />;
}
