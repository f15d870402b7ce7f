import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStorage } from '../../ports/storage.port';

interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '');

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    // Otherwise the presigned PUT carries the checksum of an empty body and every real file is refused.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(settings.endpoint && { endpoint: settings.endpoint, forcePathStyle: true }),
    ...(settings.accessKeyId &&
      settings.secretAccessKey && {
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
  });
}

/**
 * The PUT the browser is allowed to make. The content length is part of the signature, so the bucket
 * refuses a body of any other size: the size limit holds although the file never passes through us.
 */
export function uploadCommand(bucket: string, objectKey: string, contentType: string, size?: number) {
  return new PutObjectCommand({
    Bucket: bucket,
    Key: objectKey,
    ContentType: contentType,
    ...(size !== undefined && { ContentLength: size }),
  });
}

/** An S3-compatible bucket (AWS, MinIO, R2…); the browser PUTs straight to it with a presigned URL. */
export function s3Storage(settings: S3Settings, client = s3Client(settings)): FileStorage {
  const objectKey = (key: string) => `uploads/${key}`;
  return {
    kind: 's3',
    async uploadUrl(key, contentType, expiresAt, size) {
      const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      const command = uploadCommand(settings.bucket, objectKey(key), contentType, size);
      // Content length stays a signed header (not hoisted into the query), so S3 compares it with the body.
      const url = await getSignedUrl(client, command, { expiresIn, unhoistableHeaders: new Set(['content-length']) });
      // The browser sets content-length itself from the body; it cannot be sent as a header by script.
      return { url, headers: { 'content-type': contentType } };
    },
    async size(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async write(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: body, ContentType: contentType }),
      );
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
