// A job's input files kept privately on local disk under DATA_DIR/uploads until the job is over
// (never served; S3Storage keeps them in the bucket instead).
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Keeps a job's input file privately on local disk (never served); returns its key. LocalStorage's uploads (S3Storage keeps them in the bucket). */
export async function savePrivateUpload(dataDir: string, file: string, ext: string): Promise<string> {
  const dir = join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const key = `${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
  // A copy, not a move: the received file may be on another file system, and is removed with its request.
  await copyFile(file, join(dir, key));
  return key;
}

const keyPath = (dataDir: string, key: string) => {
  if (!/^[0-9a-f-]{36}\.[a-z0-9]+$/i.test(key)) throw new Error('bad upload key');
  return join(dataDir, 'uploads', key);
};

export const readPrivateUpload = (dataDir: string, key: string) => readFile(keyPath(dataDir, key));
export const deletePrivateUpload = (dataDir: string, key: string) => rm(keyPath(dataDir, key), { force: true });
