// `npm run bench scenes`: the embedded inpainter on holes cut in real scenes, each scored
// against the photo's own pixels and beside a flat and a diffusion fill (tests/fixtures/scene-holes.ts).
import { SCENE_HOLES, scoreSceneFill, type SceneFillScore } from '../tests/fixtures/scene-holes.js';
import type { BenchSection } from './stats.js';

export async function scenesSection(): Promise<BenchSection> {
  const scores: SceneFillScore[] = [];
  for (const hole of SCENE_HOLES) scores.push(await scoreSceneFill(hole));
  const mean = (f: (s: SceneFillScore) => number) => scores.reduce((a, s) => a + f(s), 0) / scores.length;
  const markdown = [
    '### Hole fills on real scenes',
    '',
    'Texture distance to the photo\'s own pixels (lower is closer; 0 = the same statistics), of our fill, a flat ring-mean fill and a diffusion fill; gradient energy of our fill over the truth\'s (a flat or blurred patch has little).',
    '',
    '| photo, under the hole | hole | ours | flat | diffusion | ours ÷ flat | gradient energy | ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...scores.map(
      (s) =>
        `| ${s.hole.photo}, ${s.hole.over} | ${(100 * s.holeShare).toFixed(1)} % | ${s.ours.toFixed(2)} | ${s.naive.toFixed(2)} | ${s.diffusion.toFixed(2)} | ${(s.ours / s.naive).toFixed(2)} | ×${s.gradientRatio.toFixed(2)} | ${s.ms} |`,
    ),
    `| **mean** | | ${mean((s) => s.ours).toFixed(2)} | ${mean((s) => s.naive).toFixed(2)} | ${mean((s) => s.diffusion).toFixed(2)} | ${mean((s) => s.ours / s.naive).toFixed(2)} | ×${mean((s) => s.gradientRatio).toFixed(2)} | |`,
    '',
  ];
  return { result: scores.map(({ hole, ...s }) => ({ photo: hole.photo, over: hole.over, ...s })), markdown };
}
