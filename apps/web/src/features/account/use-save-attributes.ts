import { ACCOUNT_MESSAGES, MESSAGES } from '@dpp/shared/messages';
import type { UpdateAttributesRequest } from '@dpp/shared/schemas/identity';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { getClientRecord, updateAttributes } from '../../shared/api/identity.api';
import { notify } from '../../shared/notify';
import { setClientRecord, setIdentity } from '../../shared/session';

/** Saves profile attributes and says how it went; true when saved. */
export function useSaveAttributes(): { saving: boolean; save: (changes: UpdateAttributesRequest) => Promise<boolean> } {
  const [saving, setSaving] = useState(false);
  const save = async (changes: UpdateAttributesRequest) => {
    setSaving(true);
    try {
      const identity = await updateAttributes(changes);
      setIdentity(identity);
      void notify('success', ACCOUNT_MESSAGES.UPDATED_TITLE, ACCOUNT_MESSAGES.UPDATED_TEXT);
      // The client record mirrors the names; refresh it quietly.
      getClientRecord(identity.attributes.email).then(setClientRecord, () => undefined);
      return true;
    } catch (error) {
      const description = error instanceof ApiError && error.status < 500 ? error.message : MESSAGES.TRY_AGAIN;
      void notify('error', MESSAGES.GENERIC_ERROR_TITLE, description);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
