// `npm run bench scenes`: the embedded image tools on real scenes.
//  - Hole fills: holes cut in real photos, each scored against the photo's own pixels and beside
//    a flat and a diffusion fill (tests/fixtures/scene-holes.ts); over lines that cross the hole,
//    also the layout error (blurred luminance) against the diffusion fill's.
//  - Removal by name: real photos with the word a user would type, as uploaded and re-encoded at
//    1 and 12 MP, warm; the outcome checked from outside (tests/fixtures/named-scenes.ts), the
//    time, and this process's peak RSS (the engine runs in it, as in a worker).
import { SCENE_HOLES, STRUCTURE_HOLES, scoreSceneFill, type SceneFillScore } from '../tests/fixtures/scene-holes.js';
import { NAMED_SCENES, runNamedScene, type NamedSceneRun } from '../tests/fixtures/named-scenes.js';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PROCESS_ENV } from '../server/shared/platform/constants.js';
import type { BenchSection } from './stats.js';

const run = promisify(execFile);

const meanOf = (list: SceneFillScore[], f: (s: SceneFillScore) => number): number => list.reduce((a, s) => a + f(s), 0) / list.length;

export async function scenesSection(): Promise<BenchSection> {
  const scores: SceneFillScore[] = [];
  for (const hole of SCENE_HOLES) scores.push(await scoreSceneFill(hole));
  const lines: SceneFillScore[] = [];
  for (const hole of STRUCTURE_HOLES) lines.push(await scoreSceneFill(hole));
  const mean = (f: (s: SceneFillScore) => number) => meanOf(scores, f);
  const linesMean = (f: (s: SceneFillScore) => number) => meanOf(lines, f);
  const removals = await namedRemovals();
  const markdown = [
    '### Hole fills on real scenes',
    '',
    "Texture distance to the photo's own pixels (lower is closer; 0 = the same statistics), of our fill, a flat ring-mean fill and a diffusion fill; gradient energy of our fill over the truth's (a flat or blurred patch has little).",
    '',
    '| photo, under the hole | hole | ours | flat | diffusion | ours ÷ flat | gradient energy | ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...scores.map(
      (s) =>
        `| ${s.hole.photo}, ${s.hole.over} | ${(100 * s.holeShare).toFixed(1)} % | ${s.ours.toFixed(2)} | ${s.naive.toFixed(2)} | ${s.diffusion.toFixed(2)} | ${(s.ours / s.naive).toFixed(2)} | ×${s.gradientRatio.toFixed(2)} | ${s.ms} |`,
    ),
    `| **mean** | | ${mean((s) => s.ours).toFixed(2)} | ${mean((s) => s.naive).toFixed(2)} | ${mean((s) => s.diffusion).toFixed(2)} | ${mean((s) => s.ours / s.naive).toFixed(2)} | ×${mean((s) => s.gradientRatio).toFixed(2)} | |`,
    '',
    '### Holes over lines',
    '',
    "Layout error: RMSE of the hole's luminance blurred by σ 3 px against the truth's (a fill that carries the lines crossing the hole keeps it low); a diffusion fill is the bar. Texture distance as above.",
    '',
    '| photo, under the hole | hole | layout error | diffusion | kept | texture ÷ flat | ms |',
    '|---|---:|---:|---:|---|---:|---:|',
    ...lines.map(
      (s) =>
        `| ${s.hole.photo}, ${s.hole.over} | ${(100 * s.holeShare).toFixed(1)} % | ${s.layout.ours.toFixed(1)} | ${s.layout.diffusion.toFixed(1)} | ${s.layout.ours <= s.layout.diffusion ? 'yes' : '**no**'} | ${(s.ours / s.naive).toFixed(2)} | ${s.ms} |`,
    ),
    `| **mean** | | ${linesMean((s) => s.layout.ours).toFixed(1)} | ${linesMean((s) => s.layout.diffusion).toFixed(1)} | ${lines.filter((s) => s.layout.ours <= s.layout.diffusion).length} of ${lines.length} | ${linesMean((s) => s.ours / s.naive).toFixed(2)} | |`,
    '',
    '### Removal by name on real scenes',
    '',
    'Warm. "gone": for a COMPLETED run, the detector no longer finds the word over its box and ≥ 25 % of the box changed. Peak RSS: the high-water mark of a process started as the worker is, one per size, after all its runs so far.',
    '',
    '| photo | word | MP | outcome | gone | ms | peak RSS MB | message |',
    '|---|---|---:|---|---|---:|---:|---|',
    ...removals.map(
      (r) =>
        `| ${r.scene.photo} | ${r.scene.word} | ${r.megapixels} | ${r.outcome}${r.reason ? ` (${r.reason})` : ''} | ${r.outcome === 'COMPLETED' ? (r.gone ? 'yes' : '**no**') : '–'} | ${r.ms} | ${r.peakMB} | ${r.message} |`,
    ),
    '',
  ];
  return {
    result: {
      fills: scores.map(({ hole, ...s }) => ({ photo: hole.photo, over: hole.over, ...s })),
      lines: lines.map(({ hole, ...s }) => ({ photo: hole.photo, over: hole.over, ...s })),
      removals: removals.map(({ scene, foundAfter: _found, ...r }) => ({ photo: scene.photo, word: scene.word, ...r })),
    },
    markdown,
  };
}

/**
 * Each size in a fresh process started as the worker is (MALLOC_ARENA_MAX=2), so its peak RSS
 * is the engine's at that size, not this process's history.
 */
async function namedRemovals(): Promise<(NamedSceneRun & { peakMB: number })[]> {
  const rows: (NamedSceneRun & { peakMB: number })[] = [];
  for (const megapixels of ['native', '1', '12']) {
    const { stdout } = await run(process.execPath, ['--import', '@swc-node/register/esm-register', fileURLToPath(import.meta.url), megapixels], {
      env: { ...process.env, ...PROCESS_ENV },
      maxBuffer: 16 << 20,
    });
    rows.push(...(JSON.parse(stdout.trim().split('\n').at(-1)!) as (NamedSceneRun & { peakMB: number })[]));
  }
  return rows;
}

/** In the child: warm up, run every scene at one size, print the rows as JSON. */
async function childRun(size: string): Promise<void> {
  await runNamedScene(NAMED_SCENES[0]!); // models loaded
  const rows = [];
  for (const scene of NAMED_SCENES) {
    const r = await runNamedScene(scene, size === 'native' ? undefined : Number(size));
    // The kernel's high-water mark (KiB): the synchronous fill would starve a sampling timer.
    rows.push({ ...r, peakMB: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6) });
  }
  process.stdout.write(`${JSON.stringify(rows)}\n`);
  process.exit(0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await childRun(process.argv[2] ?? 'native');
