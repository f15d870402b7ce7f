import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import type { UploadJobResponse } from '@dpp/shared/schemas/upload';
import { Alert } from 'antd';

/**
 * What of the plan the tool did not receive (a link it refused, or one naming a task no longer in the plan), each
 * said for its task: the member fixes it in the tool, or in the plan before the next sending. Nothing when all went.
 */
export function NotSent({ tool, skipped }: { tool: string; skipped: UploadJobResponse['skipped'] }) {
  if (skipped.length === 0) return null;
  return (
    <Alert
      className="upload-success__not-sent"
      type="warning"
      showIcon
      message={UPLOAD_MESSAGES.NOT_SENT(tool)}
      description={
        <ul>
          {skipped.map((skip) => (
            <li key={`${skip.task}\u0000${skip.message}`}>{skip.message}</li>
          ))}
        </ul>
      }
    />
  );
}
