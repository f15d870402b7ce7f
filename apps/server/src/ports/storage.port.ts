/** The path of this server that receives an upload kept on its own disk. */
export const LOCAL_UPLOAD_PATH = '/api/upload/files';

/** Checks the signed, expiring URL at which the browser PUTs an upload kept on this server's disk. */
export interface UploadLinkCheck {
  /** 'ok', 'invalid' (changed or foreign) or 'expired'. */
  check(key: string, expires: string, signature: string): 'ok' | 'invalid' | 'expired';
}

/** Uploaded files, and with storage on this server's disk the check of the upload URLs it receives itself. */
export interface UploadStorage {
  files: FileStorage;
  signer?: UploadLinkCheck;
}

/** Where uploaded files live: the local disk by default, an S3-compatible bucket when configured. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * A URL the browser PUTs the file to, valid until `expiresAt`, and the headers the PUT must carry.
   * With `size`, the URL accepts a body of exactly that many bytes.
   */
  uploadUrl(
    key: string,
    contentType: string,
    expiresAt: Date,
    size?: number,
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** The stored bytes, or null when nothing is stored under the key. */
  read(key: string): Promise<Buffer | null>;
  /** The stored object's size in bytes without reading it, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}
