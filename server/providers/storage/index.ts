// Where result files live (DESIGN.md §2): Cloudinary when CLOUDINARY_URL is set,
// otherwise local disk under DATA_DIR. Creations store the URL either way.
import type { Config } from '../../config.js';
import { cloudinaryFrom } from '../cloudinary.js';
import { LocalStorage } from './local.js';
import { CloudinaryStorage } from './real.js';
import type { Storage } from './types.js';

export type { Storage, StoredFile } from './types.js';

export function createStorage(config: Config): Storage {
  return config.CLOUDINARY_URL ? new CloudinaryStorage(cloudinaryFrom(config.CLOUDINARY_URL)) : new LocalStorage(config.dataDir);
}
