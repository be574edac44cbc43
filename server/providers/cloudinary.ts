// One configured Cloudinary client from CLOUDINARY_URL
// (cloudinary://<key>:<secret>@<cloud>[?upload_prefix=…&secure_distribution=…]).
import { v2 as cloudinary } from 'cloudinary';

export type Cloudinary = typeof cloudinary;

export function cloudinaryFrom(url: string): Cloudinary {
  const u = new URL(url);
  if (u.protocol !== 'cloudinary:' || !u.hostname || !u.username || !u.password) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>');
  }
  cloudinary.config({
    cloud_name: u.hostname,
    api_key: decodeURIComponent(u.username),
    api_secret: decodeURIComponent(u.password),
    secure: true,
    ...Object.fromEntries(u.searchParams.entries()),
  });
  return cloudinary;
}

/** Uploads bytes; resolves with Cloudinary's answer (public_id, secure_url…). */
export function uploadBytes(client: Cloudinary, bytes: Buffer, options: Record<string, unknown> = {}): Promise<{ public_id: string; secure_url: string; format?: string }> {
  return new Promise((resolve, reject) => {
    const stream = client.uploader.upload_stream({ resource_type: 'image', folder: 'atelier', ...options }, (err, res) => {
      if (err || !res) reject(err ?? new Error('Cloudinary returned no result'));
      else resolve(res as { public_id: string; secure_url: string; format?: string });
    });
    stream.end(bytes);
  });
}
