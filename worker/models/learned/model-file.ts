// Finding a role's model file and deciding whether it may be used (docs/learned-models.md): the
// operator's path, else the first published file name present in MODELS_DIR; its SHA-256 must be
// the published one (known-files.ts) or the one the operator sets for an export of their own; its
// graph must be of a kind this code runs (families.ts). Anything else is refused, in words that say
// what to do, and the embedded default is used: never a wrong file, never silently.
// The verdict is kept per process until the file changes (its size or modification time), so
// asking again is a stat.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { inpainterKind, upscalerKind, type InpainterKind, type UpscalerKind } from './families.js';
import { readGraphIo, type GraphIo } from './graph-io.js';
import { FILE_NAMES, knownByName, knownBySha, type KnownFile } from './known-files.js';
import { ROLE_VARIABLES, type LearnedModelSettings, type ModelRole } from './settings.js';

export interface ReadyFile<K> {
  status: 'ready';
  role: ModelRole;
  path: string;
  sha256: string;
  /** The file as it was when its checksum was taken: loading it checks it is still that file. */
  size: number;
  mtimeMs: number;
  /** What the results name ("lama", "realesr-general-x4v3"). */
  name: string;
  /** The published file it is, when it is one. */
  known?: KnownFile;
  io: GraphIo;
  kind: K;
}

export type ModelFile<K = InpainterKind | UpscalerKind> =
  { status: 'absent'; role: ModelRole; dir: string } | { status: 'refused'; role: ModelRole; path: string; reason: string } | ReadyFile<K>;

interface Found {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The operator's file, or the first published name present in the folder; a named file that is not there is a refusal. */
async function locate(role: ModelRole, settings: LearnedModelSettings): Promise<Found | { missing: string } | null> {
  const own = settings[role].path;
  for (const path of own ? [own] : FILE_NAMES[role].map((name) => join(settings.dir, name))) {
    const s = await stat(path).catch(() => null);
    if (s?.isFile()) return { path, size: s.size, mtimeMs: s.mtimeMs };
  }
  return own ? { missing: own } : null;
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const cache = new Map<string, { stamp: string; verdict: Promise<ModelFile> }>();

/** The role's file and whether it may be used; cached until the file changes. */
export function checkModelFile(role: 'inpaint', settings: LearnedModelSettings): Promise<ModelFile<InpainterKind>>;
export function checkModelFile(role: 'upscale', settings: LearnedModelSettings): Promise<ModelFile<UpscalerKind>>;
export function checkModelFile(role: ModelRole, settings: LearnedModelSettings): Promise<ModelFile>;
export async function checkModelFile(role: ModelRole, settings: LearnedModelSettings): Promise<ModelFile> {
  const found = await locate(role, settings);
  if (!found) return { status: 'absent', role, dir: settings.dir };
  const vars = ROLE_VARIABLES[role];
  if ('missing' in found) return { status: 'refused', role, path: found.missing, reason: `${vars.path} names ${found.missing}, but there is no file there` };
  const key = JSON.stringify([role, settings.dir, settings[role]]);
  const stamp = `${found.path}:${found.size}:${found.mtimeMs}`;
  const hit = cache.get(key);
  if (hit?.stamp === stamp) return hit.verdict;
  const verdict = judge(role, settings, found);
  cache.set(key, { stamp, verdict });
  return verdict;
}

async function judge(role: ModelRole, settings: LearnedModelSettings, found: Found): Promise<ModelFile> {
  const refuse = (reason: string): ModelFile => ({ status: 'refused', role, path: found.path, reason });
  const checked = await checksum(role, settings, found).catch((e: Error) => ({ reason: `it could not be read (${e.message})` }));
  if ('reason' in checked) return refuse(checked.reason);
  let io: GraphIo;
  try {
    io = readGraphIo(found.path);
  } catch (e) {
    return refuse(`it is not an ONNX model this worker can read (${(e as Error).message})`);
  }
  const kind = role === 'inpaint' ? inpainterKind(io) : upscalerKind(io);
  if (!kind.ok) return refuse(kind.reason);
  const { sha256, known } = checked;
  const family = kind.kind.family;
  const name = known?.name ?? (family === 'upscaler' ? ownName(found.path) : family);
  const { path, size, mtimeMs } = found;
  return { status: 'ready', role, path, sha256, size, mtimeMs, name, io, kind: kind.kind, ...(known ? { known } : {}) };
}

/** A name for an export of the operator's own: its file name without .onnx ("realesr-general-x4v3"). */
const ownName = (path: string): string =>
  basename(path)
    .replace(/\.onnx$/i, '')
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 80) || 'upscaler';

/** The file's SHA-256 against the operator's or the published one, and the published file it is. */
async function checksum(role: ModelRole, settings: LearnedModelSettings, found: Found): Promise<{ sha256: string; known?: KnownFile } | { reason: string }> {
  const vars = ROLE_VARIABLES[role];
  const own = settings[role].sha256;
  const byName = knownByName(basename(found.path));
  const ownExport = `for an export of your own, set ${vars.sha256} to its SHA-256 (sha256sum prints it)`;
  // A wrong size needs no hashing: an interrupted download of a published file.
  if (!own && byName && byName.role === role && found.size !== byName.bytes) {
    return {
      reason: `it is ${found.size} bytes, and the published ${byName.file} is ${byName.bytes}: an incomplete download or another file. Download it again, or, ${ownExport}`,
    };
  }
  const sha256 = await sha256Of(found.path);
  const known = knownBySha(sha256);
  if (own) {
    if (sha256 !== own)
      return { reason: `its SHA-256 is ${sha256}, not the ${own} ${vars.sha256} gives: the file is damaged or another one. Copy it again, or correct ${vars.sha256}` };
    return known?.role === role ? { sha256, known } : { sha256 };
  }
  if (known && known.role !== role) return { reason: `it is the published ${known.file}, which is not an ${vars.what}` };
  if (known) return { sha256, known };
  const expected = byName?.role === role ? ` (the published ${byName.file}'s is ${byName.sha256})` : '';
  return {
    reason: `its SHA-256 ${sha256} is not the published checksum of a file docs/learned-models.md lists${expected}. Download the published file again, or, if this is an export of your own you have checked, set ${vars.sha256}=${sha256}`,
  };
}

/** One line for the log and the results: the refusal, and what is used instead. */
export const refusalMessage = (file: { role: ModelRole; path: string; reason: string }): string =>
  `The learned ${ROLE_VARIABLES[file.role].what} ${file.path} is not used: ${file.reason}. ${capitalised(ROLE_VARIABLES[file.role].fallback)} is used instead (docs/learned-models.md).`;

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
