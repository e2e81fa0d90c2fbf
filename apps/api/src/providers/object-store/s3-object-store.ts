import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Where an S3-compatible object store is and how to sign in to it (UPLOAD_STORE=s3). */
export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name (MinIO, s3rver and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Files kept by name in one bucket of an S3-compatible store: large deployments' upload store. */
export interface ObjectStore {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<Buffer>;
  delete(name: string): Promise<void>;
}

export function createS3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  return {
    async put(name, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType }));
    },
    async get(name) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
      if (!answer.Body) throw new Error(`object ${name} has no body`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
  };
}
