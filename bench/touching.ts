// `npm run bench touching`: removal on real scenes where objects touch and overlap
// (tests/fixtures/touching-scenes.ts), at most 1.2 MP, warm: for a COMPLETED run, whether the
// target is gone and every box on another object or the landscape came back unchanged
// (PSNR ≥ 30 dB), whether the fill made something up, and the time. The scenes of Debian's
// darknet package run too when it is installed (`apt-get install darknet`).
import { cpus, loadavg } from 'node:os';
import { availableScenes, DARKNET_SCENES, KEEP_DB, runTouchingScene, TOUCHING_SCENES, type TouchingRun } from '../tests/fixtures/touching-scenes.js';
import type { BenchSection } from './stats.js';

const db = (v: number): string => (v === Infinity ? '∞' : v.toFixed(1));

export async function touchingSection(): Promise<BenchSection> {
  const scenes = [...TOUCHING_SCENES, ...availableScenes(DARKNET_SCENES)];
  // Warm: the models load on the first run, which is not counted.
  await runTouchingScene(scenes[0]!);
  const load = [loadavg()[0]!];
  const runs: TouchingRun[] = [];
  for (const scene of scenes) runs.push(await runTouchingScene(scene));
  load.push(loadavg()[0]!);
  const completed = runs.filter((r) => r.outcome === 'COMPLETED');
  const good = completed.filter((r) => r.gone && r.kept!.every((k) => k.db >= KEEP_DB) && !r.madeUp!.length);
  const markdown = [
    '### Removal where objects touch',
    '',
    `${cpus().length} cores, load ${load.map((l) => l.toFixed(1)).join('–')} (1-minute average before and after). Warm, at most 1.2 MP. "gone": each instance the removal changed is no longer found there (a brushed area: changed, and no object found on it); "kept": the lowest PSNR over the boxes on other objects and the landscape (∞: not one pixel changed); "made up": an object found after the fill on changed pixels, of a class not there before.`,
    '',
    '| scene | what | MP | outcome | gone | kept (lowest) | made up | ms | message |',
    '|---|---|---:|---|---|---:|---|---:|---|',
    ...runs.map((r) => {
      const lowest = r.kept ? Math.min(...r.kept.map((k) => k.db)) : NaN;
      const worst = r.kept?.find((k) => k.db === lowest);
      return `| ${r.scene.id} | ${r.scene.word ? `"${r.scene.word}"` : 'brushed'}${r.scene.brush && r.scene.word ? ' + brush' : ''}: ${r.scene.what} | ${r.megapixels} | ${r.outcome}${r.reason ? ` (${r.reason})` : ''} | ${r.outcome === 'COMPLETED' ? (r.gone ? 'yes' : '**no**') : '–'} | ${worst ? `${db(lowest)}${lowest < KEEP_DB ? ` (**${worst.on}**)` : ''}` : '–'} | ${r.madeUp?.join(', ') || '–'} | ${r.ms} | ${r.message}${r.note ? ` — note: ${r.note}` : ''} |`;
    }),
    '',
    `COMPLETED ${completed.length} of ${runs.length}; of those, gone with every other box ≥ ${KEEP_DB} dB and nothing made up: ${good.length}. Slowest: ${Math.max(...runs.map((r) => r.ms))} ms.`,
    '',
  ];
  return {
    result: { load, runs: runs.map(({ scene, ...r }) => ({ scene: scene.id, word: scene.word ?? null, ...r })) },
    markdown,
  };
}
