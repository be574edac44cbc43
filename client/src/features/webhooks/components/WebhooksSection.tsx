import { useQuery } from '@apollo/client/react';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { LoadingPanel } from '../../../components/Spinner';
import { WebhookEndpointsQuery } from '../api/operations';
import { WEBHOOK_ENDPOINTS_MAX } from '../lib/events';
import { secondaryButton } from '../../../components/buttons';
import { EndpointCard } from './EndpointCard';
import { NewEndpointForm } from './NewEndpointForm';

/**
 * The account page's webhooks (docs/webhooks.md): URLs that get a signed POST when a job ends or
 * a creation is published, each with its signing secret, a test event and its delivery log.
 */
export function WebhooksSection() {
  const { data, error, loading, refetch } = useQuery(WebhookEndpointsQuery, { fetchPolicy: 'cache-and-network' });
  const [adding, setAdding] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const endpoints = data?.webhookEndpoints;
  const full = (endpoints?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX;

  function closeForm() {
    setAdding(false);
    requestAnimationFrame(() => addRef.current?.focus());
  }

  return (
    <section aria-labelledby="webhooks-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="webhooks-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            Webhooks
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Atelier sends a signed JSON message to your URL when a job completes, fails or is cancelled, or when a creation is published, and tries again for about a day if your
            server does not answer with a 2xx. Verify each one with its endpoint&apos;s secret, as the{' '}
            <a href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer" className="font-medium text-indigo-700 underline hover:text-indigo-600">
              Standard Webhooks
            </a>{' '}
            libraries do.
          </p>
        </div>
        {endpoints && endpoints.length > 0 && !adding ? (
          <button ref={addRef} type="button" className={secondaryButton} disabled={full} onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" /> Add endpoint
          </button>
        ) : null}
      </div>
      {full ? <p className="mt-2 text-sm text-slate-600">You have {WEBHOOK_ENDPOINTS_MAX} endpoints, the most an account can have. Delete one to add another.</p> : null}

      {endpoints ? (
        <>
          {adding || endpoints.length === 0 ? (
            <NewEndpointForm
              autoFocus={adding}
              onCreated={(made) => {
                setCreatedId(made.id);
                setAdding(false);
              }}
              onCancel={endpoints.length > 0 ? closeForm : undefined}
            />
          ) : null}
          {endpoints.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No endpoints yet: add one above to hear about your jobs without keeping a page open.</p>
          ) : (
            <ul aria-label="Webhook endpoints" className="mt-4 flex flex-col gap-3">
              {endpoints.map((endpoint) => (
                <EndpointCard key={endpoint.id} endpoint={endpoint} justCreated={endpoint.id === createdId} onDeleted={() => headingRef.current?.focus()} />
              ))}
            </ul>
          )}
        </>
      ) : error ? (
        <div className="mt-3">
          <LoadError what="Your webhooks" error={error} onRetry={() => void refetch().catch(() => {})} />
        </div>
      ) : loading ? (
        <div aria-busy="true">
          <LoadingPanel label="Loading your webhooks…" />
        </div>
      ) : null}
    </section>
  );
}
