import { useApolloClient, useMutation } from '@apollo/client/react';
import { KeyRound } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import type { ApiKeyScope } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { Busy, primaryButton } from '../../../components/buttons';
import { ApiKeysQuery, CreateApiKeyMutation } from '../api/operations';
import { SCOPES } from '../lib/scopes';

/** Names are at most this long (the server says the same). */
export const NAME_MAX_LENGTH = 60;

const field =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 outline-none focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40';

/**
 * A new key: its name and what it may do (read by default). The answer carries the key's text,
 * which only `onCreated` sees: it is never written to Apollo's cache, only the key's row is.
 */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: { name: string; key: string }) => void }) {
  const client = useApolloClient();
  const [createApiKey, { loading }] = useMutation(CreateApiKeyMutation, { fetchPolicy: 'no-cache' });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['READ']);
  const [error, setError] = useState<{ field: 'name' | 'scopes' | null; message: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const firstScopeRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((now) => SCOPES.map((s) => s.value).filter((s) => (s === scope ? on : now.includes(s))));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError({ field: 'name', message: 'Give the key a name, e.g. where it will be used' });
      nameRef.current?.focus();
      return;
    }
    if (scopes.length === 0) {
      setError({ field: 'scopes', message: 'Choose at least one thing the key may do' });
      firstScopeRef.current?.focus();
      return;
    }
    try {
      const { data } = await createApiKey({ variables: { name: name.trim(), scopes } });
      const created = data?.createApiKey;
      if (!created) throw new Error('The key could not be created. Please try again.');
      client.cache.updateQuery({ query: ApiKeysQuery }, (list) => (list ? { apiKeys: [created.apiKey, ...list.apiKeys.filter((k) => k.id !== created.apiKey.id)] } : list));
      onCreated({ name: created.apiKey.name, key: created.key });
      setName('');
      setScopes(['READ']);
    } catch (err) {
      const { field: blamed, message } = toAppError(err);
      const at = blamed === 'scopes' ? 'scopes' : blamed === 'name' ? 'name' : null;
      setError({ field: at, message });
      (at === 'scopes' ? firstScopeRef : nameRef).current?.focus();
    }
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Create a key
      </h3>
      <div className="flex flex-col gap-1.5 sm:max-w-md">
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
          Name
        </label>
        <input
          ref={nameRef}
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          required
          maxLength={NAME_MAX_LENGTH}
          placeholder="e.g. Blog deploy script"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error?.field === 'name' ? true : undefined}
          aria-describedby={[`${id}-name-hint`, error && error.field !== 'scopes' ? errorId : ''].filter(Boolean).join(' ')}
          className={field}
        />
        <p id={`${id}-name-hint`} className="text-xs text-slate-500">
          To tell your keys apart; up to {NAME_MAX_LENGTH} characters.
        </p>
      </div>
      <ScopeChoices idPrefix={id} chosen={scopes} onToggle={toggle} firstRef={firstScopeRef} describedBy={error?.field === 'scopes' ? errorId : undefined} />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-rose-700">
          {error.message}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={loading} className={primaryButton}>
          {loading ? <Busy on /> : <KeyRound aria-hidden className="size-4" />}
          Create key
        </button>
      </div>
    </form>
  );
}

interface ScopeChoicesProps {
  idPrefix: string;
  chosen: readonly ApiKeyScope[];
  onToggle: (scope: ApiKeyScope, on: boolean) => void;
  /** The first checkbox, focused when no scope was chosen. */
  firstRef: Ref<HTMLInputElement>;
  describedBy: string | undefined;
}

/** "What it may do": a checkbox per scope, each with its one-line explanation as its description. */
function ScopeChoices({ idPrefix, chosen, onToggle, firstRef, describedBy }: ScopeChoicesProps) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">What it may do</legend>
      <div className="mt-2 flex flex-col gap-2">
        {SCOPES.map((s, i) => (
          <div key={s.value} className="flex items-start gap-2">
            <input
              ref={i === 0 ? firstRef : undefined}
              id={`${idPrefix}-${s.value}`}
              type="checkbox"
              checked={chosen.includes(s.value)}
              onChange={(e) => onToggle(s.value, e.target.checked)}
              aria-describedby={`${idPrefix}-${s.value}-about`}
              className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            />
            <label htmlFor={`${idPrefix}-${s.value}`} className="text-sm">
              <span className="font-medium text-slate-900">{s.label}</span>{' '}
              <span id={`${idPrefix}-${s.value}-about`} className="text-slate-600">
                {s.about}
              </span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
