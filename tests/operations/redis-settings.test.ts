// How Redis is reached (docs/deployment.md, "Redis: Sentinel and managed Redis"): REDIS_URL
// (redis://, or rediss:// with a user and password, as managed Redis services give it) or
// Sentinels; one set of ioredis options for every connection; and a managed-style Redis (TLS with a
// private CA, an ACL user, the default user off) that a real API process starts against and uses.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/shared/platform/config.js';
import { describeRedis, isRedisUnavailable, redisOptions } from '../../server/shared/platform/redis.js';
import { freePort } from '../helpers/private-postgres.js';
import { signUp, spawnApiProcess, waitFor } from '../helpers/server.js';

const base = { ...process.env, REDIS_SENTINELS: '', REDIS_SENTINEL_NAME: '', REDIS_SENTINEL_PASSWORD: '' };

describe('Redis settings', () => {
  it('reads a redis:// or rediss:// URL with its user, password, database and TLS', () => {
    const plain = redisOptions(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6390/2' }), 'test');
    expect(plain).toMatchObject({ host: '127.0.0.1', port: 6390, db: 2, maxRetriesPerRequest: null, enableReadyCheck: true, connectionName: 'test' });
    expect(plain.tls).toBeUndefined();
    const managed = redisOptions(loadConfig({ ...base, REDIS_URL: 'rediss://atelier:p%40ss@redis.example.com:6380' }), 'test');
    expect(managed).toMatchObject({ host: 'redis.example.com', port: 6380, username: 'atelier', password: 'p@ss', tls: {} });
    expect(redisOptions(loadConfig({ ...base, REDIS_URL: 'redis://[::1]' }), 'test')).toMatchObject({ host: '::1', port: 6379 });
    // A demoted master's refusals send the command again after reconnecting; others are the caller's.
    const { reconnectOnError } = plain;
    expect(reconnectOnError!(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnectOnError!(new Error('UNBLOCKED force unblock from blocking operation, instance state changed (master -> replica?)'))).toBe(2);
    expect(reconnectOnError!(new Error('ERR unknown command'))).toBe(false);
    expect(isRedisUnavailable(new Error('NOREPLICAS Not enough good replicas to write.'))).toBe(true);
  });

  it('asks Sentinels for the master when REDIS_SENTINELS is set, with REDIS_URL’s credentials and TLS', () => {
    const config = loadConfig({
      ...base,
      REDIS_URL: 'rediss://:secret@ignored:1/1',
      REDIS_SENTINELS: '10.0.0.1:26379, sentinel-b,[fd00::3]:26380',
      REDIS_SENTINEL_NAME: 'mymaster',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
    });
    expect(config.REDIS_SENTINELS).toEqual([
      { host: '10.0.0.1', port: 26379 },
      { host: 'sentinel-b', port: 26379 },
      { host: 'fd00::3', port: 26380 },
    ]);
    const options = redisOptions(config, 'test');
    expect(options).toMatchObject({
      sentinels: config.REDIS_SENTINELS,
      name: 'mymaster',
      role: 'master',
      sentinelPassword: 'sentinel-secret',
      password: 'secret',
      db: 1,
      tls: {},
      enableTLSForSentinelMode: true,
      maxRetriesPerRequest: null,
    });
    expect(options).not.toHaveProperty('host');
    expect(options.failoverDetector).toBeUndefined();
    expect(describeRedis(config)).toBe('the master "mymaster" of the Sentinels 10.0.0.1:26379, sentinel-b:26379, fd00::3:26380');
  });

  it('refuses settings that cannot work, naming the variable', () => {
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
    expect(() => loadConfig({ ...base, REDIS_URL: 'not a url' })).toThrow(/REDIS_URL: is not a URL/);
    expect(() => loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379/queues' })).toThrow(/REDIS_URL: its path may only be a database number/);
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: '10.0.0.1:26379' })).toThrow(/REDIS_SENTINELS: also set REDIS_SENTINEL_NAME/);
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: '10.0.0.1:26379;10.0.0.2', REDIS_SENTINEL_NAME: 'm' })).toThrow(/REDIS_SENTINELS: a comma-separated list of host:port/);
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: '10.0.0.1:70000', REDIS_SENTINEL_NAME: 'm' })).toThrow(/REDIS_SENTINELS: a port must be between 1 and 65535/);
    expect(() => loadConfig({ ...base, REDIS_SENTINEL_NAME: 'mymaster' })).toThrow(/REDIS_SENTINEL_NAME: only used with REDIS_SENTINELS/);
  });
});

describe('a managed-style Redis: TLS with its own CA, an ACL user', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-redis-tls-'));
  let redis: ChildProcess | undefined;
  let api: Awaited<ReturnType<typeof spawnApiProcess>> | undefined;
  afterAll(async () => {
    await api?.stop();
    redis?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('is used through rediss://user:password@… with the CA in NODE_EXTRA_CA_CERTS', async () => {
    const openssl = (...args: string[]) => {
      const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr}`);
    };
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=atelier-test-ca');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
    writeFileSync(join(dir, 'san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
    openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '1', '-extfile', 'san.cnf');
    const port = await freePort();
    // As a managed service runs it: TLS only, the default user off, one user with a password.
    redis = spawn(
      'redis-server',
      [
        ...['--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        ...['--tls-cert-file', join(dir, 'server.crt'), '--tls-key-file', join(dir, 'server.key'), '--tls-ca-cert-file', join(dir, 'ca.crt'), '--tls-auth-clients', 'no'],
        ...['--user', 'default', 'off', '--user', 'atelier', 'on', '>s3cret-pass', '~*', '&*', '+@all'],
      ],
      { stdio: 'ignore' },
    );

    // With a wrong password, or without the CA, the API refuses to start, saying where it looked, why and what to check.
    const refusal = (url: string, ca: boolean) =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'server/bin/api.ts'], {
          env: { ...process.env, ...(ca ? { NODE_EXTRA_CA_CERTS: join(dir, 'ca.crt') } : {}), REDIS_URL: url, PORT: '0' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        child.on('close', () => resolve(stderr.trim()));
      });
    let message = '';
    await waitFor(async () => (message = await refusal(`rediss://atelier:wrong@127.0.0.1:${port}`, true)).includes('WRONGPASS'), 20_000, 'a wrong password refused').catch(
      (e: Error) => {
        throw new Error(`${e.message}: ${message}`);
      },
    );
    expect(message).toMatch(new RegExp(`^Redis is not reachable at rediss://127\\.0\\.0\\.1:${port} \\(WRONGPASS.*\\)\\. Check the user and password in REDIS_URL`));
    expect(await refusal(`rediss://atelier:s3cret-pass@127.0.0.1:${port}`, false)).toMatch(/\(self-signed certificate in certificate chain\)\. Check TLS: .*NODE_EXTRA_CA_CERTS/);

    api = await spawnApiProcess({ NODE_EXTRA_CA_CERTS: join(dir, 'ca.crt'), REDIS_URL: `rediss://atelier:s3cret-pass@127.0.0.1:${port}` });
    const ready = await (await fetch(`${api.url}/readyz`)).json();
    expect(ready).toMatchObject({ status: 'ok', redis: 'ok' });
    // Signing up counts against a Redis rate limit: it works end to end.
    expect((await signUp(api.url, 'Tls', 'redis-tls')).token).toBeTruthy();
  });
});
