import { useMutation } from '@apollo/client/react';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiKeyFieldsFragment } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { Busy, dangerButton, secondaryButton } from '../../../components/buttons';
import { ApiKeysQuery, RevokeApiKeyMutation } from '../api/operations';
import { formatDay, lastUsed } from '../lib/lastUsed';
import { scopeLabel } from '../lib/scopes';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600';

/** The working keys: name, `atl_<prefix>_…`, scopes, dates and this month's use, each revocable after a question. */
export function ApiKeyList({ keys, onRevoked }: { keys: readonly ApiKeyFieldsFragment[]; onRevoked: (name: string) => void }) {
  const now = Date.now();
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Your API keys">
      {keys.map((k) => (
        <ApiKeyRow key={k.id} apiKey={k} now={now} onRevoked={onRevoked} />
      ))}
    </ul>
  );
}

function ApiKeyRow({ apiKey, now, onRevoked }: { apiKey: ApiKeyFieldsFragment; now: number; onRevoked: (name: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revoke, { loading }] = useMutation(RevokeApiKeyMutation, {
    update: (cache) => cache.updateQuery({ query: ApiKeysQuery }, (list) => (list ? { apiKeys: list.apiKeys.filter((k) => k.id !== apiKey.id) } : list)),
  });
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  function keep() {
    setAsking(false);
    setError(null);
    requestAnimationFrame(() => askRef.current?.focus());
  }

  async function confirm() {
    setError(null);
    try {
      await revoke({ variables: { id: apiKey.id } });
      onRevoked(apiKey.name);
    } catch (err) {
      setError(toAppError(err).message);
    }
  }

  return (
    <li className="flex flex-col gap-3 p-4" aria-labelledby={`${id}-name`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p id={`${id}-name`} className="font-medium break-words text-slate-900">
            {apiKey.name}
          </p>
          <p className="mt-0.5 font-mono text-sm text-slate-600">
            <span className="sr-only">Key starting </span>
            {apiKey.maskedKey}
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Scopes">
            {apiKey.scopes.map((s) => (
              <li key={s} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800">
                {scopeLabel(s)}
              </li>
            ))}
          </ul>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-600">
            <dt>Created</dt>
            <dd>
              <time dateTime={apiKey.createdAt}>{formatDay(apiKey.createdAt)}</time>
            </dd>
            <dt>Last used</dt>
            <dd>{apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt}>{lastUsed(apiKey.lastUsedAt, now)}</time> : 'never'}</dd>
            <dt>This month</dt>
            <dd>
              {plural(apiKey.jobsThisMonth, 'job')}, {plural(apiKey.requestsThisMonth, 'request')}
            </dd>
          </dl>
        </div>
        {!asking ? (
          <button
            ref={askRef}
            type="button"
            onClick={() => setAsking(true)}
            aria-label={`Revoke “${apiKey.name}”…`}
            className={`inline-flex shrink-0 items-center gap-2 self-start rounded-lg border border-rose-300 px-3 py-2 text-sm font-semibold text-rose-700 hover:bg-rose-50 ${focusRing}`}
          >
            <Trash2 aria-hidden className="size-4" /> Revoke…
          </button>
        ) : null}
      </div>
      {asking ? (
        <div role="group" aria-labelledby={`${id}-question`} className="rounded-xl border border-rose-200 bg-rose-50 p-4">
          <p id={`${id}-question`} className="font-semibold text-rose-900">
            Revoke “{apiKey.name}”?
          </p>
          <p className="mt-1 text-sm text-rose-800">Everything using it is refused from its next request on, and its open connections close. This cannot be undone.</p>
          {error ? (
            <p role="alert" className="mt-2 text-sm font-medium text-rose-700">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <button ref={confirmRef} type="button" className={dangerButton} disabled={loading} onClick={() => void confirm()}>
              <Busy on={loading} />
              Yes, revoke
            </button>
            <button type="button" className={secondaryButton} disabled={loading} onClick={keep}>
              Keep key
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
