// PROJECT_REPOSITORY_URL and BLOG_URL (docs/configuration.md): links shown to every visitor, so
// only http(s) addresses without credentials start; the repository falls back to
// package.json's "repository", which this project does not set yet.
import { describe, expect, it } from 'vitest';
import { loadConfig, repositoryWebUrl } from '../../server/shared/platform/config.js';

const base = { ...process.env, PROJECT_REPOSITORY_URL: '', BLOG_URL: '' };

describe('site link configuration', () => {
  it('takes http(s) addresses and leaves both unset by default', () => {
    const c = loadConfig({ ...base, PROJECT_REPOSITORY_URL: 'https://github.com/example/atelier', BLOG_URL: 'https://blog.example.com/' });
    expect(c.PROJECT_REPOSITORY_URL).toBe('https://github.com/example/atelier');
    expect(c.BLOG_URL).toBe('https://blog.example.com/');
    const unset = loadConfig(base);
    expect(unset.PROJECT_REPOSITORY_URL).toBeUndefined();
    expect(unset.BLOG_URL).toBeUndefined();
  });

  it('refuses a link that is no web address or carries credentials, naming the variable', () => {
    expect(() => loadConfig({ ...base, BLOG_URL: 'javascript:alert(1)' })).toThrow(/BLOG_URL: must start with https:\/\/ or http:\/\//);
    expect(() => loadConfig({ ...base, PROJECT_REPOSITORY_URL: 'github.com/example' })).toThrow(/PROJECT_REPOSITORY_URL: "github.com\/example" is not a URL/);
    expect(() => loadConfig({ ...base, PROJECT_REPOSITORY_URL: 'https://me:secret@github.com/example/atelier' })).toThrow(/PROJECT_REPOSITORY_URL: must not hold credentials/);
  });

  it('reads package.json "repository" in its usual forms as a web address', () => {
    expect(repositoryWebUrl({ type: 'git', url: 'git+https://github.com/example/atelier.git' })).toBe('https://github.com/example/atelier');
    expect(repositoryWebUrl('https://gitlab.com/example/atelier')).toBe('https://gitlab.com/example/atelier');
    expect(repositoryWebUrl('example/atelier')).toBe('https://github.com/example/atelier');
    expect(repositoryWebUrl('github:example/atelier')).toBe('https://github.com/example/atelier');
    expect(repositoryWebUrl({ url: 'git@github.com:example/atelier.git' })).toBeUndefined();
    expect(repositoryWebUrl(undefined)).toBeUndefined();
    expect(repositoryWebUrl('')).toBeUndefined();
  });
});
