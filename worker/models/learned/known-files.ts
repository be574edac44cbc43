// The published model files the docs list (docs/learned-models.md, "The files", which says
// where each SHA-256 was read: Hugging Face's Git LFS records). A file of one of these names is
// used only when its checksum is the published one; any other file needs the operator's own
// *_SHA256.
import type { ModelRole } from './settings.js';

export interface KnownFile {
  role: ModelRole;
  /** The published file name, also the name it is looked for by in MODELS_DIR. */
  file: string;
  /** What the results say made them ("lama" → filledBy "learned:lama"). */
  name: string;
  bytes: number;
  sha256: string;
  /** Where it is published (docs/learned-models.md says more). */
  source: string;
  licence: string;
}

export const KNOWN_FILES: readonly KnownFile[] = [
  {
    role: 'inpaint',
    file: 'lama_fp32.onnx',
    name: 'lama',
    bytes: 208_044_816,
    sha256: '1faef5301d78db7dda502fe59966957ec4b79dd64e16f03ed96913c7a4eb68d6',
    source: 'https://huggingface.co/Carve/LaMa-ONNX (file commit a3ee2fca54baebec351b8fa7786154ffa7555aa6)',
    licence: 'Apache-2.0',
  },
  {
    role: 'inpaint',
    file: 'migan_pipeline_v2.onnx',
    name: 'migan',
    bytes: 28_079_181,
    sha256: '6f1f3530a1a2324b19752018ce756088b07973cda8d7d890034ace5c8a48c40b',
    source: 'https://huggingface.co/andraniksargsyan/migan (commit 1538c135034b8cfe7a8472f34d09c8a5a45b17a7)',
    licence: 'MIT',
  },
  {
    role: 'upscale',
    file: 'Real-ESRGAN-x4plus.onnx',
    name: 'realesrgan-x4plus',
    bytes: 67_123_260,
    sha256: 'e25d35c847f81e51a6f89cb939c373c9dc535871a820a4ab87ed1207a457f5c8',
    source: 'https://huggingface.co/qualcomm/Real-ESRGAN-x4plus (file commit 6a7e0c049f123d9f1c81a567c0442cfd3fedf011)',
    licence: 'BSD-3-Clause (Real-ESRGAN); Qualcomm publishes the export (docs/learned-models.md)',
  },
];

/**
 * The names a role's file is looked for by in MODELS_DIR, in order. `realesr-general-x4v3.onnx`
 * has no published ONNX export with a checksum: the operator exports it and sets
 * UPSCALE_MODEL_SHA256 (docs/learned-models.md).
 */
export const FILE_NAMES: Record<ModelRole, readonly string[]> = {
  inpaint: ['lama_fp32.onnx', 'migan_pipeline_v2.onnx'],
  upscale: ['realesr-general-x4v3.onnx', 'Real-ESRGAN-x4plus.onnx'],
};

export const knownBySha = (sha256: string): KnownFile | undefined => KNOWN_FILES.find((k) => k.sha256 === sha256);
export const knownByName = (file: string): KnownFile | undefined => KNOWN_FILES.find((k) => k.file === file);
