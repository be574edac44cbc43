// Adds to package-lock.json the platform-specific optional packages (other operating
// systems' and CPUs' native builds) that npm could not record because the registry this
// machine reaches does not serve them. `npm ci` insists every optional dependency has a
// lock entry, even one it will skip for this platform; these entries carry only what
// npm needs to skip them (version, os, cpu, optional). Run after `npm install` changes
// the lockfile: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'wasm32'];
const CPU = { arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', wasi: 'wasm32' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return null;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  return { os: [os], cpu: [cpu] };
}

let added = 0;
for (const [key, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const where = `node_modules/${dep}`;
    if (packages[where]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[where] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
  void key;
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
