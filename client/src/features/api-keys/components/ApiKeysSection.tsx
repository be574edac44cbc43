import { useQuery } from '@apollo/client/react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { LoadingPanel } from '../../../components/Spinner';
import { ApiKeysQuery } from '../api/operations';
import { ApiKeyList } from './ApiKeyList';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { NewApiKeyPanel } from './NewApiKeyPanel';

/**
 * The account page's API keys (docs/api-keys.md): make one (shown once), see each key's scopes
 * and use this month, revoke one. What happens is also said in a live region for screen readers.
 */
export function ApiKeysSection() {
  const { data, error, loading, refetch } = useQuery(ApiKeysQuery, { fetchPolicy: 'cache-and-network' });
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [said, setSaid] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const keys = data?.apiKeys;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2">
      <div>
        <h2 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          API keys
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Use Atelier from your own code: send a key as <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">Authorization: Bearer &lt;key&gt;</code> to GraphQL, the REST API
          or the WebSocket. Its scopes limit what it may do; only you, signed in here, can make or revoke keys.{' '}
          <Link to="/resources/api" className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
            API reference
          </Link>
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
      {created ? (
        <NewApiKeyPanel
          name={created.name}
          apiKey={created.key}
          onDone={() => {
            setCreated(null);
            setSaid('');
            headingRef.current?.focus();
          }}
        />
      ) : null}
      <CreateApiKeyForm
        onCreated={(c) => {
          setCreated(c);
          setSaid(`Key “${c.name}” created. Copy it now: it will not be shown again.`);
        }}
      />
      {keys ? (
        keys.length ? (
          <ApiKeyList
            keys={keys}
            onRevoked={(name) => {
              setSaid(`Key “${name}” revoked.`);
              headingRef.current?.focus();
            }}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">No API keys yet. Create one above to use Atelier from a script or an app.</p>
        )
      ) : error ? (
        <LoadError what="Your API keys" error={error} onRetry={() => void refetch().catch(() => {})} />
      ) : loading ? (
        <div aria-busy="true">
          <LoadingPanel label="Loading your API keys…" />
        </div>
      ) : null}
    </section>
  );
}
