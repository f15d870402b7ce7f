import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { importLifetimeDealCodes } from './admin.api';

/** The server's limit on one import file. */
const MAX_CSV_BYTES = 1024 * 1024;

/** The administrators' import of lifetime-deal codes: a CSV file (or pasted lines), one code per line. */
export function CodeImportButton() {
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ imported: number; duplicates: number } | null>(null);
  const fileInputId = useId();
  const textId = useId();

  const reset = () => {
    setCsv('');
    setFileName(null);
    setProblem(null);
    setResult(null);
  };

  const choose = async (file: File | undefined) => {
    setProblem(null);
    setResult(null);
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) {
      setProblem('The file is too large: at most 1 MB of codes per import.');
      return;
    }
    setFileName(file.name);
    setCsv(await file.text());
  };

  const submit = async () => {
    if (csv.trim() === '') {
      setProblem('Choose a CSV file or paste the codes, one per line.');
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const answer = await importLifetimeDealCodes(csv);
      setResult(answer);
      void notify('success', 'Codes imported', `${answer.imported} new, ${answer.duplicates} already known.`);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Please try again');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        Import lifetime-deal codes
      </Button>
      <Modal
        title="Import lifetime-deal codes"
        open={open}
        okText="Import"
        confirmLoading={sending}
        onOk={submit}
        onCancel={() => {
          setOpen(false);
          reset();
        }}
        destroyOnHidden
      >
        <div className="code-import">
          <p>
            A CSV file with one code per line in its first column (a header line 'code' is skipped). Codes are stored
            hashed; each can be redeemed once.
          </p>
          <label htmlFor={fileInputId}>CSV file</label>
          <input
            id={fileInputId}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {fileName && <span className="code-import__file">{fileName}</span>}
          <label htmlFor={textId}>Codes</label>
          <Input.TextArea
            id={textId}
            rows={6}
            value={csv}
            spellCheck={false}
            placeholder={'code\nLTD-0001-ABCD'}
            onChange={(event) => {
              setCsv(event.target.value);
              setResult(null);
            }}
          />
          {problem && <Alert type="error" title={problem} />}
          {result && (
            <Alert
              type="success"
              title={`Codes imported: ${result.imported} new, ${result.duplicates} already known.`}
            />
          )}
        </div>
      </Modal>
    </>
  );
}
