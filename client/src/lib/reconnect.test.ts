// The WebSocket's reconnect policy: soon after a server's restart close, with jitter; backoff otherwise.
import { describe, expect, it } from 'vitest';
import { RECONNECT_ATTEMPTS, RECONNECT_MAX_MS, reconnectDelay, reconnectPolicy, RESTART_RETRY_MAX_MS, RESTART_RETRY_MIN_MS } from './reconnect';

describe('reconnectDelay', () => {
  it('comes back within a second after 1012 Service Restart or 1001 Going Away, spread by jitter', () => {
    for (const code of [1012, 1001]) {
      expect(reconnectDelay(0, code, () => 0)).toBe(RESTART_RETRY_MIN_MS);
      expect(reconnectDelay(0, code, () => 0.999999)).toBe(RESTART_RETRY_MAX_MS);
      expect(reconnectDelay(0, code, () => 0.5)).toBe(550);
    }
  });

  it('backs off exponentially otherwise, and after a failed first attempt, capped at 30 s', () => {
    // An abnormal drop (1006), or the server saying "try again later" (1013): not a restart.
    expect(reconnectDelay(0, 1006, () => 0)).toBe(500);
    expect(reconnectDelay(0, 1013, () => 1)).toBe(1000);
    expect(reconnectDelay(0, null, () => 1)).toBe(1000);
    // The next server did not answer either: 2 s, 4 s… whatever closed the first socket.
    expect(reconnectDelay(1, 1012, () => 1)).toBe(2000);
    expect(reconnectDelay(3, 1012, () => 0)).toBe(4000);
    expect(reconnectDelay(20, 1006, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, 1006, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});

describe('reconnectPolicy', () => {
  it('waits by the close code it was last given, and retries connection errors too', async () => {
    const waits: number[] = [];
    const policy = reconnectPolicy(
      () => 0,
      async (ms) => void waits.push(ms),
    );
    expect(policy.retryAttempts).toBe(RECONNECT_ATTEMPTS);
    expect(policy.shouldRetry()).toBe(true);
    policy.closed({ code: 1012, reason: 'Service Restart', wasClean: true });
    await policy.retryWait(0);
    policy.closed({ code: 1006, reason: '' });
    await policy.retryWait(0);
    policy.closed(new Error('not a close event'));
    await policy.retryWait(0);
    expect(waits).toEqual([RESTART_RETRY_MIN_MS, 500, 500]);
  });
});
