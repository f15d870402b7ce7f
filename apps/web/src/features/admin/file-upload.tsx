import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSION, TEMPLATE_IMAGES_PATH } from '@dpp/shared/constants';
import { ADMIN_MESSAGES } from '@dpp/shared/messages';
import { Button } from 'antd';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { uploadFile } from './admin.api';
import type { UploadedFile } from './product-form';

interface FileUploadProps {
  label: string;
  /** What the file picker offers; the server checks the content anyway. */
  accept: string;
  kind: 'image' | 'spreadsheet';
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  /** Tells the form a file is chosen but not uploaded yet ('Please Upload Your File!'). */
  onPendingChange: (pending: boolean) => void;
}

/**
 * Choose a file, then Upload: the upload button shows until a file is uploaded; then a Change control
 * and a preview show, and a trash icon resets the file and its name.
 */
export function FileUpload({ label, accept, kind, value, onChange, onPendingChange }: FileUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [chosen, setChosen] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = (file: File | null) => {
    setChosen(file);
    onPendingChange(file !== null);
  };

  const upload = async () => {
    if (!chosen) {
      void notify('error', ADMIN_MESSAGES.SELECT_FILE);
      return;
    }
    setUploading(true);
    try {
      const link = await uploadFile(chosen);
      onChange({ name: link.name, fileName: chosen.name });
      choose(null);
      if (input.current) input.current.value = '';
      void notify('success', ADMIN_MESSAGES.FILE_UPLOADED);
    } catch (error) {
      void notify('error', ADMIN_MESSAGES.UPLOAD_FAILED, error instanceof ApiError ? error.message : undefined);
    } finally {
      setUploading(false);
    }
  };

  const reset = () => {
    onChange(null);
    choose(null);
    if (input.current) input.current.value = '';
  };

  // With a file in place its preview (or name), Change and the trash icon say it all: the browser's own control
  // ('Choose File / No file chosen') would contradict them, so it is hidden and Change opens its picker.
  const done = value !== null && chosen === null;
  return (
    <div className="file-upload">
      <label htmlFor={id} className="file-upload__label">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={accept}
        className="file-upload__input"
        hidden={done}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      {done ? (
        <div className="file-upload__done">
          {kind === 'image' ? (
            <img
              className="file-upload__preview"
              src={`${TEMPLATE_IMAGES_PATH}/${value.name}${IMAGE_EXTENSION}`}
              alt={`Preview of ${value.fileName}`}
            />
          ) : (
            <span className="file-upload__name">{value.fileName}</span>
          )}
          <Button onClick={() => input.current?.click()}>Change</Button>
          <Button icon={<DeleteOutlined />} danger aria-label={`Remove ${label.toLowerCase()}`} onClick={reset} />
        </div>
      ) : (
        <Button icon={<UploadOutlined />} loading={uploading} onClick={upload}>
          Upload
        </Button>
      )}
    </div>
  );
}
