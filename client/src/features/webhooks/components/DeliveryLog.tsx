import { useQuery } from '@apollo/client/react';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import type { WebhookDeliveryFieldsFragment } from '../../../gql/graphql';
import { Spinner } from '../../../components/Spinner';
import { toAppError } from '../../../lib/graphqlError';
import { WebhookDeliveriesQuery } from '../api/operations';
import { awaitingAttempt, DELIVERY_LOG_SIZE, eventLabel, formatMoment } from '../lib/events';
import { secondaryButton } from '../../../components/buttons';

/** How often an open log looks again while a delivery is being tried. */
const POLL_MS = 2000;

const STATUS_STYLE: Record<string, string> = {
  DELIVERED: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  FAILED: 'bg-rose-50 text-rose-800 ring-rose-600/20',
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-600/20',
};

/** A dash for sighted readers, "none" for screen readers. */
const none = (
  <>
    <span aria-hidden>—</span>
    <span className="sr-only">none</span>
  </>
);

const statusWords = (d: WebhookDeliveryFieldsFragment) => (d.status === 'DELIVERED' ? 'Delivered' : d.status === 'FAILED' ? 'Failed' : d.attempts > 0 ? 'Retrying' : 'Sending');

function DeliveryRow({ delivery: d }: { delivery: WebhookDeliveryFieldsFragment }) {
  return (
    <tr className="align-top">
      <td className="py-2 pr-3">
        <span className="font-medium text-slate-900">{eventLabel(d.eventType)}</span>
        <code className="block text-xs text-slate-500">{d.eventType}</code>
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        <time dateTime={d.createdAt}>{formatMoment(d.createdAt)}</time>
      </td>
      <td className="py-2 pr-3">
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLE[d.status] ?? ''}`}>{statusWords(d)}</span>
        {d.lastError ? <span className="mt-1 block max-w-xs text-xs break-words text-slate-600">{d.lastError}</span> : null}
      </td>
      <td className="py-2 pr-3">{d.responseCode ?? none}</td>
      <td className="py-2 pr-3">{d.attempts}</td>
      <td className="py-2 whitespace-nowrap">{d.nextAttemptAt ? <time dateTime={d.nextAttemptAt}>{formatMoment(d.nextAttemptAt)}</time> : none}</td>
    </tr>
  );
}

/** An endpoint's latest deliveries: event, time, status (with the last error), response code, attempts and next try. */
export function DeliveryLog({ endpointId, id }: { endpointId: string; id: string }) {
  const { data, error, loading, refetch, startPolling, stopPolling } = useQuery(WebhookDeliveriesQuery, {
    variables: { endpointId, first: DELIVERY_LOG_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const deliveries = data?.webhookDeliveries;
  const waiting = deliveries ? awaitingAttempt(deliveries) : false;
  useEffect(() => {
    if (!waiting) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);

  const refresh = (
    <button type="button" className={secondaryButton} onClick={() => void refetch().catch(() => {})}>
      <RefreshCw aria-hidden className="size-4" /> Refresh
    </button>
  );
  if (!deliveries) {
    return (
      <div id={id} className="mt-3">
        {error ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-rose-700">
              The delivery log could not be loaded. {toAppError(error).message}
            </p>
            {refresh}
          </div>
        ) : loading ? (
          <Spinner label="Loading the delivery log…" />
        ) : null}
      </div>
    );
  }
  return (
    <div id={id} className="mt-3">
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">No deliveries yet. Send a test event to try this endpoint.</p>
      ) : (
        // Focusable, so a keyboard can scroll it sideways on a narrow screen. Paint containment: a
        // phone's browser otherwise counted the table's full width when it first appeared and
        // widened the whole page to fit it (390 → 578 px), though the box clips it.
        <div
          className="overflow-x-auto rounded-md [contain:paint] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          tabIndex={0}
          role="region"
          aria-label="Delivery log"
        >
          <table className="w-full text-left text-sm text-slate-700">
            <caption className="sr-only">Latest deliveries, newest first</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr>
                {['Event', 'Time', 'Status', 'Response', 'Attempts', 'Next try'].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.map((d) => (
                <DeliveryRow key={d.id} delivery={d} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-2 flex items-center gap-3">
        {refresh}
        {waiting ? <Spinner label="Waiting for the receiver…" className="text-sm" /> : null}
      </div>
    </div>
  );
}
