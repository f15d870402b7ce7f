import { useCallback, useEffect, useState } from 'react';
import { setUploadInProgress } from '../../shared/upload-lock';

/** Runs an upload step with the page busy and the header locked until it ends. */
export function useUploading() {
  const [busy, setBusy] = useState(false);
  useEffect(() => () => setUploadInProgress(false), []);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    setUploadInProgress(true);
    try {
      return await work();
    } finally {
      setUploadInProgress(false);
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
