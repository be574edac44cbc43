import { useMutation } from '@apollo/client/react';
import { LoaderCircle, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { WebhookEndpointFieldsFragment } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { CreateWebhookEndpointMutation, WebhookEndpointsQuery } from '../api/operations';
import { WEBHOOK_EVENTS, type WebhookEventName } from '../lib/events';
import { field } from '../lib/styles';
import { primaryButton, secondaryButton } from '../../../components/buttons';

interface Props {
  onCreated: (endpoint: WebhookEndpointFieldsFragment) => void;
  /** Shown when the form can be closed (there are endpoints already). */
  onCancel?: () => void;
  /** Opened by the user (not there on arrival): the URL field takes focus. */
  autoFocus?: boolean;
}

interface ChoicesProps {
  id: string;
  chosen: readonly WebhookEventName[];
  onToggle: (event: WebhookEventName) => void;
  invalid: boolean;
  errorId: string | undefined;
}

/** One checkbox per event, each with what it means. */
function EventChoices({ id, chosen, onToggle, invalid, errorId }: ChoicesProps) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Events to send</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event.value} className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-indigo-600"
            checked={chosen.includes(event.value)}
            onChange={() => onToggle(event.value)}
            aria-describedby={`${id}-${event.value}`}
          />
          <span>
            <span className="font-medium text-slate-900">{event.label}</span> <code className="text-xs text-slate-500">{event.value}</code>
            <span id={`${id}-${event.value}`} className="block text-xs text-slate-500">
              {event.description}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** URL, events and description of a new endpoint; the server checks them and says what is wrong. */
export function NewEndpointForm({ onCreated, onCancel, autoFocus = false }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventName[]>(['job.completed', 'job.failed']);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const [create, { loading }] = useMutation(CreateWebhookEndpointMutation, {
    update(cache, { data }) {
      const made = data?.createWebhookEndpoint;
      if (made) cache.updateQuery({ query: WebhookEndpointsQuery }, (d) => d && { webhookEndpoints: [made, ...d.webhookEndpoints.filter((e) => e.id !== made.id)] });
    },
  });
  useEffect(() => {
    if (autoFocus) urlRef.current?.focus();
  }, [autoFocus]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const { data } = await create({ variables: { url, events, description: description || null } });
      if (data) onCreated(data.createWebhookEndpoint);
    } catch (err) {
      const { field: blamed, message } = toAppError(err);
      setError({ field: blamed, message });
      if (!blamed?.startsWith('events')) urlRef.current?.focus();
    }
  }

  const toggle = (value: WebhookEventName) => setEvents((now) => (now.includes(value) ? now.filter((v) => v !== value) : [...now, value]));
  const blamed = (name: string) => (error && (error.field?.startsWith(name) || (!error.field && name === 'url')) ? `${id}-error` : undefined);
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a webhook endpoint" className="mt-4 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-url`} className="text-sm font-medium text-slate-800">
          Endpoint URL
        </label>
        <input
          ref={urlRef}
          id={`${id}-url`}
          type="url"
          inputMode="url"
          required
          placeholder="https://example.com/webhooks/atelier"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={blamed('url') ? true : undefined}
          aria-describedby={[`${id}-url-hint`, blamed('url')].filter(Boolean).join(' ')}
          className={field}
        />
        <p id={`${id}-url-hint`} className="text-xs text-slate-500">
          A public https:// (or http://) address; https is what keeps the events private on the way. Addresses on private networks and this server are refused.
        </p>
      </div>
      <EventChoices id={id} chosen={events} onToggle={toggle} invalid={Boolean(blamed('events'))} errorId={blamed('events')} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-description`} className="text-sm font-medium text-slate-800">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={`${id}-description`}
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={blamed('description') ? true : undefined}
          aria-describedby={blamed('description')}
          className={field}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-rose-700">
          {error.message}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={primaryButton} disabled={loading || !url.trim() || events.length === 0}>
          {loading ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Plus aria-hidden className="size-4" />}
          Add endpoint
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButton} onClick={onCancel} disabled={loading}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
