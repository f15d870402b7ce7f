import type {
  AccountDeletionInfo,
  AccountDeletionLinkSent,
  DeleteAccountRequest,
  MyDataExportStarted,
  MyDataExportStatus,
} from '@dpp/shared/schemas/my-data';
import { apiGet, apiGetFile, apiPost } from '../../shared/api/client';

/** Queues the archive of everything held about the caller; its token is given this once. */
export const requestMyData = () => apiPost<MyDataExportStarted>('/api/my-data/exports', undefined);

export const getMyDataStatus = (exportId: number) => apiGet<MyDataExportStatus>(`/api/my-data/exports/${exportId}`);

/** The archive, once, with the token in a header (never in the address). */
export const downloadMyData = (exportId: number, token: string) =>
  apiGetFile(`/api/my-data/exports/${exportId}/archive`, { 'x-download-token': token });

export const getAccountDeletionInfo = () => apiGet<AccountDeletionInfo>('/api/my-data/account-deletion');

export const deleteMyAccount = (body: DeleteAccountRequest) =>
  apiPost<{ deleted: true }>('/api/my-data/delete-account', body);

/** An account without a password or a second factor: the link that confirms its deletion, mailed to it. */
export const mailDeletionLink = () => apiPost<AccountDeletionLinkSent>('/api/my-data/delete-account/link', undefined);
