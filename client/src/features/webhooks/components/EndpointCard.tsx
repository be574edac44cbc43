import { KeyRound, ListChecks, Send, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { WebhookEndpointFieldsFragment } from '../../../gql/graphql';
import { useEndpointActions } from '../hooks/useEndpointActions';
import { quietDangerButton, secondaryButton } from '../../../components/buttons';
import { ConfirmGroup } from './ConfirmGroup';
import { DeliveryLog } from './DeliveryLog';
import { EnabledSwitch } from './EnabledSwitch';
import { SecretField } from './SecretField';

interface Props {
  endpoint: WebhookEndpointFieldsFragment;
  /** Just added: its secret is shown, with a word on what to do with it. */
  justCreated: boolean;
  /** After it is deleted, where focus goes (it is gone). */
  onDeleted: () => void;
}

/** What is asked before deleting an endpoint or replacing its secret. */
const QUESTIONS = {
  delete: {
    title: 'Delete this endpoint?',
    detail: 'It gets no more events, and its delivery log goes with it. This cannot be undone.',
    confirmLabel: 'Yes, delete',
    cancelLabel: 'Keep it',
  },
  rotate: {
    title: 'Make a new signing secret?',
    detail: 'The current secret stops working at once: deliveries, retries included, are signed with the new one.',
    confirmLabel: 'Yes, new secret',
    cancelLabel: 'Keep the secret',
  },
} as const;

/** One endpoint: URL, events, on/off, secret, test event, delivery log, new secret, delete. */
export function EndpointCard({ endpoint, justCreated, onDeleted }: Props) {
  const id = useId();
  const actions = useEndpointActions(endpoint.id);
  const [logOpen, setLogOpen] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  // The secret shows when the endpoint was just made or given a new one, else when asked.
  const [secretShown, setSecretShown] = useState(justCreated);
  useEffect(() => {
    if (justCreated) setSecretShown(true);
  }, [justCreated]);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const rotateRef = useRef<HTMLButtonElement>(null);

  function closeConfirm() {
    const back = confirming === 'delete' ? deleteRef : rotateRef;
    setConfirming(null);
    requestAnimationFrame(() => back.current?.focus());
  }
  async function sendTest() {
    if (!(await actions.sendTest())) return;
    setLogOpen(true);
    toast.success('Test event queued: watch the delivery log.');
  }
  async function rotate() {
    if (!(await actions.rotate())) return;
    setConfirming(null);
    setSecretShown(true);
    toast.success('New signing secret made: put it in your receiver.');
  }
  async function remove() {
    if (!(await actions.remove())) return;
    toast.success('Webhook endpoint deleted.');
    onDeleted();
  }

  return (
    <li>
      <article aria-labelledby={`${id}-url`} className="min-w-0 rounded-xl border border-slate-200 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`${id}-url`} className="font-mono text-sm font-semibold break-all text-slate-900">
              {endpoint.url}
            </h3>
            {endpoint.description ? <p className="mt-0.5 text-sm text-slate-600">{endpoint.description}</p> : null}
            <ul aria-label="Events" className="mt-2 flex flex-wrap gap-1.5">
              {endpoint.events.map((event) => (
                <li key={event} className="rounded-md bg-indigo-50 px-2 py-0.5 font-mono text-xs text-indigo-800">
                  {event}
                </li>
              ))}
            </ul>
          </div>
          <EnabledSwitch enabled={endpoint.enabled} busy={actions.enabling} label={`Send events to ${endpoint.url}`} onChange={(on) => void actions.setEnabled(on)} />
        </div>
        <div className="mt-4">
          <SecretField secret={endpoint.secret} shown={secretShown} onShownChange={setSecretShown} />
          {justCreated ? (
            <p role="status" className="mt-2 text-sm text-emerald-800">
              Endpoint added. Give this secret to your receiver: it verifies every delivery with it.
            </p>
          ) : null}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} disabled={actions.busy} onClick={() => void sendTest()}>
            <Send aria-hidden className="size-4" /> Send test event
          </button>
          <button type="button" className={secondaryButton} aria-expanded={logOpen} aria-controls={`${id}-log`} onClick={() => setLogOpen((o) => !o)}>
            <ListChecks aria-hidden className="size-4" /> {logOpen ? 'Hide delivery log' : 'Show delivery log'}
          </button>
          <button ref={rotateRef} type="button" className={secondaryButton} disabled={actions.busy} onClick={() => setConfirming('rotate')}>
            <KeyRound aria-hidden className="size-4" /> New secret…
          </button>
          <button ref={deleteRef} type="button" className={quietDangerButton} disabled={actions.busy} onClick={() => setConfirming('delete')}>
            <Trash2 aria-hidden className="size-4" /> Delete…
          </button>
        </div>
        {confirming ? (
          <ConfirmGroup
            {...QUESTIONS[confirming]}
            busy={confirming === 'delete' ? actions.removing : actions.rotating}
            onConfirm={() => void (confirming === 'delete' ? remove() : rotate())}
            onCancel={closeConfirm}
          />
        ) : null}
        {actions.error ? (
          <p role="alert" className="mt-3 text-sm font-medium text-rose-700">
            {actions.error}
          </p>
        ) : null}
        {logOpen ? <DeliveryLog endpointId={endpoint.id} id={`${id}-log`} /> : null}
      </article>
    </li>
  );
}
