// npm in this project prints no warning of ours: a project .npmrc held
// `onnxruntime-node-install-cuda=skip`, which npm 11 reports as "Unknown project config" on
// every command, npm start included. Dependencies' install scripts are denied in package.json
// (allowScripts: npm 11 runs none without approval, and the project needs none of them).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

describe('npm in this project', () => {
  it('reads no unknown configuration (no warning on every npm command)', () => {
    const run = spawnSync('npm', ['pkg', 'get', 'name'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('"atelier"');
    expect(run.stderr).not.toMatch(/Unknown \w+ config/);
  });

  it("denies every dependency's install script it lists, onnxruntime-node's CUDA download included", () => {
    const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    expect(pkg.allowScripts?.['onnxruntime-node']).toBe(false);
    expect(Object.values(pkg.allowScripts ?? {}).every((allowed) => allowed === false)).toBe(true);
  });
});
