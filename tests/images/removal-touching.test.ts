// Removal leaves the rest of the photo alone (docs/architecture.md, "Object removal"): on real
// scenes where the target touches or overlaps other objects, a COMPLETED removal takes the
// target and gives back every other object and the landscape beside it as they were (PSNR ≥
// 30 dB over boxes on them; the photo's own pixels are the truth), and the fill copies no
// object into the hole. The whole set, with Debian's darknet scenes, is `npm run bench touching`.
// On the darknet scenes (photos no one here chose; .ci/run installs the package) the removal is
// held to what it says: a COMPLETED result that changed another object's box carries a note.
import { describe, expect, it } from 'vitest';
import { availableScenes, DARKNET_SCENES, KEEP_DB, runTouchingScene, TOUCHING_SCENES } from '../fixtures/touching-scenes.js';

const scene = (id: string) => TOUCHING_SCENES.find((s) => s.id === id)!;

describe('removal where objects touch', () => {
  it.each(['cat-mug', 'giraffe-pair', 'horse-herd', 'hen-cluster', 'beach-person'])('%s: the target goes, every other object stays as it was, nothing is made up', async (id) => {
    const r = await runTouchingScene(scene(id));
    expect({ id, outcome: r.outcome, message: r.message }).toMatchObject({ id, outcome: 'COMPLETED' });
    expect(r.gone, `${id}: the target is still there`).toBe(true);
    for (const k of r.kept!) expect(k.db, `${id}: ${k.on}`).toBeGreaterThanOrEqual(KEEP_DB);
    expect(r.madeUp, `${id}: the fill made up an object`).toEqual([]);
  });

  const darknet = availableScenes(DARKNET_SCENES);
  it.skipIf(!darknet.length)(
    "Debian's darknet scenes: each COMPLETED removal took its target, and any that changed another object's box says so in a note",
    async () => {
      for (const sc of darknet) {
        const r = await runTouchingScene(sc);
        if (r.outcome !== 'COMPLETED') {
          expect(r.reason, `${sc.id}: a failure names its reason`).toBeTruthy();
          continue;
        }
        expect(r.gone, `${sc.id}: the target is still there`).toBe(true);
        const damaged = r.kept!.filter((k) => k.db < KEEP_DB).map((k) => k.on);
        if (damaged.length) expect(r.note, `${sc.id}: ${damaged.join(', ')} changed (< ${KEEP_DB} dB) with no note`).toBeTruthy();
      }
    },
    180_000,
  );
});
