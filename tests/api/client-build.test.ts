// The built client is React's production build, however the build was started: the test
// suite builds it from inside Vitest (NODE_ENV=test), and with NODE_ENV unset to
// "production" Vite bundled React's development build (twice the JavaScript, slower),
// which `npm start` would then have served.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/http/client.js';

// Text only React's development build carries (its DOM-nesting and internal-consistency checks).
const DEVELOPMENT_ONLY = ['cannot be a child of', 'Expected static flag was missing'];

describe('the built client', () => {
  it("is React's production build", () => {
    const assets = join(CLIENT_DIST, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const development = scripts.filter((f) => {
      const text = readFileSync(join(assets, f), 'utf8');
      return DEVELOPMENT_ONLY.some((s) => text.includes(s));
    });
    expect(development).toEqual([]);
  });
});
