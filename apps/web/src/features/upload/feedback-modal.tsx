import { Button, Input, Modal, Rate } from 'antd';
import { useId, useState } from 'react';
import { notify } from '../../shared/notify';
import { sendFeedback } from './upload.api';

/** The feedback form that opens after a successful upload; the answer is stored on the server. */
export function FeedbackModal({ open, jobId, onClose }: { open: boolean; jobId?: number; onClose: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ratingLabel = useId();
  const commentId = useId();

  const submit = async () => {
    if (rating < 1) {
      setError('Please choose a rating');
      return;
    }
    setSending(true);
    try {
      await sendFeedback(rating, comment.trim(), jobId);
      void notify('success', 'Thank you!', 'Your feedback has been saved.');
      onClose();
    } catch {
      setError('Your feedback could not be saved. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title="How was your upload?"
      onCancel={onClose}
      footer={[
        <Button key="skip" onClick={onClose}>
          Skip
        </Button>,
        <Button key="send" type="primary" loading={sending} onClick={() => void submit()}>
          Send Feedback
        </Button>,
      ]}
    >
      <p id={ratingLabel}>Rate your experience of uploading this plan</p>
      <Rate
        value={rating}
        onChange={(v) => {
          setRating(v);
          setError(null);
        }}
        aria-labelledby={ratingLabel}
      />
      <label htmlFor={commentId} style={{ display: 'block', marginTop: 16 }}>
        Anything we could do better?
      </label>
      <Input.TextArea
        id={commentId}
        rows={3}
        maxLength={2000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {error && (
        <p className="upload-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
