import { MESSAGES } from '@dpp/shared/messages';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';

/** A notice in place of a page's content, with the way back to the main page. */
export function Notice({ title, text }: { title: string; text: string }) {
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

/** Shown for an unknown address, and by a page whose item does not exist. */
export function NotFound() {
  useDocumentTitle('Page not found');
  return <Notice title={MESSAGES.NOT_FOUND_TITLE} text={MESSAGES.NOT_FOUND_TEXT} />;
}
