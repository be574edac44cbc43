// Fills of holes cut in real scenes (docs/benchmarks.md, "Current results", hole fills): the
// photo's own pixels under each hole are the truth (tests/fixtures/scene-holes.ts). The embedded
// inpainter must come closer to them than a flat ring-mean fill and a smooth diffusion fill on
// every hole, half the flat fill's distance on average, and carry texture (gradient energy) rather
// than a flat or blurred patch.
import { describe, expect, it } from 'vitest';
import { SCENE_HOLES, scoreSceneFill, type SceneFillScore } from '../fixtures/scene-holes.js';

describe('hole fills on real scenes', () => {
  it('beats a flat and a diffusion fill on each of 9 real-scene holes, and is not flat', async () => {
    const scores: SceneFillScore[] = [];
    for (const hole of SCENE_HOLES) scores.push(await scoreSceneFill(hole));
    for (const s of scores) {
      console.log(
        `${s.hole.photo} over ${s.hole.over} (hole ${(100 * s.holeShare).toFixed(1)} % of ${s.width}×${s.height}): texture distance ${s.ours.toFixed(2)} (flat ${s.naive.toFixed(2)}, diffusion ${s.diffusion.toFixed(2)}), gradient energy ×${s.gradientRatio.toFixed(2)} of the truth's, ${s.ms} ms`,
      );
      expect(s.holeShare, s.hole.over).toBeGreaterThanOrEqual(0.03);
      expect(s.ours, s.hole.over).toBeLessThan(s.naive);
      expect(s.ours, s.hole.over).toBeLessThan(s.diffusion);
      expect(s.gradientRatio, s.hole.over).toBeGreaterThan(0.2);
    }
    const mean = (f: (s: SceneFillScore) => number) => scores.reduce((a, s) => a + f(s), 0) / scores.length;
    expect(mean((s) => s.ours / s.naive)).toBeLessThanOrEqual(0.5);
    expect(mean((s) => s.gradientRatio)).toBeGreaterThanOrEqual(0.5);
  }, 120_000);
});
