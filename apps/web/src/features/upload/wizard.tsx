import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import { uploadErrorText } from '@dpp/shared/rules/upload-errors';
import { Steps } from 'antd';
import type { ReactNode } from 'react';
import type { NavigateFunction } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { clearConnection } from './upload-state';
import './upload.css';

const STEPS = [{ title: 'Select Tool' }, { title: 'Login' }, { title: 'Select Workspace' }, { title: 'Finish' }];

/** The four-step frame every page of the upload wizard sits in. */
export function WizardFrame({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="container upload-wizard">
      <Steps current={step} items={STEPS} className="upload-wizard__steps" responsive />
      <section className="upload-wizard__card" aria-labelledby="upload-wizard-title">
        <h1 id="upload-wizard-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

/** The text of a failed step: the server's message (an embedded `err` when there is one) or 'Please try again'. */
export function failureText(error: unknown): string {
  return uploadErrorText(error instanceof ApiError || error instanceof Error ? error.message : error);
}

/** 'Error' for 5 seconds, with the server's message or 'Please try again'. */
export function notifyUploadError(error: unknown): void {
  void notify('error', UPLOAD_MESSAGES.ERROR_TITLE, failureText(error));
}

/**
 * A false upload status: 'Error', the stored connection cleared, then /project-plans
 * (docs/product-rules.md, Plan upload).
 */
export function uploadRefused(message: unknown, navigate: NavigateFunction): void {
  notifyUploadError(message);
  clearConnection();
  void navigate('/project-plans', { replace: true });
}
