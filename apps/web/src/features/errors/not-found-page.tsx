import { MESSAGES } from '@dpp/shared/messages';
import { useDocumentTitle } from '../../shared/use-document-title';
import { Notice } from './notice';

export { NotFound as NotFoundPage } from './notice';

export function NoPermissionsPage() {
  useDocumentTitle('No access');
  const [title, ...rest] = MESSAGES.NO_PERMISSION_TEXT.split(' ');
  return <Notice title={title ?? ''} text={rest.join(' ')} />;
}
