import { Progress } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { setUploadInProgress } from '../../shared/upload-lock';
import { followUploadJob } from './upload-job';
import { showProgress, stopFollowing, useFollowedUpload } from './upload-job-store';
import { toolByValue } from './upload-state';
import { uploadRefused } from './wizard';

/**
 * Lives in the layout: follows the tab's upload job (also after a reload) with the header locked, then
 * goes to the tool's success page, or shows the error (docs/product-rules.md, Plan upload) and goes to /project-plans.
 */
export function UploadJobFollower() {
  const navigate = useNavigate();
  const { user } = useSession();
  const followed = useFollowedUpload();
  const jobId = followed?.jobId;
  const tool = followed?.tool;
  const signedIn = user !== null;

  useEffect(() => {
    if (jobId === undefined || tool === undefined || !signedIn) return;
    const stop = new AbortController();
    setUploadInProgress(true, 'job');
    const failed = (message: unknown) => {
      stopFollowing();
      uploadRefused(message, navigate);
    };
    followUploadJob(jobId, showProgress, stop.signal).then(
      (outcome) => {
        if (!outcome.status) return failed(outcome.message);
        stopFollowing();
        const successPath = toolByValue(tool)?.successPath ?? '/upload-action/upload/success';
        void navigate(successPath, {
          replace: true,
          state: { uploaded: true, jobId, projectUrl: outcome.project_url, skipped: outcome.skipped },
        });
      },
      (error: unknown) => {
        if (!stop.signal.aborted) failed(error);
      },
    );
    return () => {
      stop.abort();
      setUploadInProgress(false, 'job');
    };
  }, [jobId, tool, signedIn, navigate]);

  return null;
}

/** The running upload on the wizard page: items created so far out of the plan's. */
export function UploadProgress({ toolName }: { toolName: string }) {
  const followed = useFollowedUpload();
  if (!followed) return null;
  const { created, total } = followed;
  const percent = total > 0 ? Math.floor((created * 100) / total) : 0;
  return (
    <div className="upload-progress" role="status" aria-live="polite">
      <p>Uploading your plan into {toolName}. Please keep this page open.</p>
      <Progress percent={percent} aria-label="Upload progress" />
      {total > 0 && (
        <p className="upload-progress__count">
          {created} of {total} items created
        </p>
      )}
    </div>
  );
}
