import { useId, useSyncExternalStore } from 'react';
import { sessionState, setAnonymous, subscribeSession } from './session';

/** Says whom GraphiQL's requests speak as, lets them go out anonymously, and tells a signed-out visitor how to sign in. */
export function SessionBar() {
  const { session, anonymous } = useSyncExternalStore(subscribeSession, sessionState);
  const checkboxId = useId();

  return (
    <div className="atelier-session" data-status={session.status}>
      <p role="status" aria-live="polite" className="atelier-session-text">
        {session.status === 'checking' && 'Checking your session…'}
        {session.status === 'signed-in' &&
          (anonymous ? (
            <>
              Sending requests <strong>anonymously</strong> — you are signed in as <strong>{session.name}</strong>.
            </>
          ) : (
            <>
              Signed in as <strong>{session.name}</strong>
              {session.email && session.email !== session.name ? ` (${session.email})` : ''} — requests carry your session.
            </>
          ))}
        {session.status === 'signed-out' && (
          <>
            {session.expired ? 'Your session has ended' : 'Not signed in'}: <code>me</code> is null and your own data is out of reach.{' '}
            <a href="/sign-in" target="_blank" rel="noopener">
              Sign in
            </a>{' '}
            (this page notices), or add <code>{'{"Authorization": "Bearer <token>"}'}</code> under Headers below.
          </>
        )}
      </p>
      {session.status === 'signed-in' && (
        <label htmlFor={checkboxId} className="atelier-session-toggle">
          <input id={checkboxId} type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
          Send anonymously
        </label>
      )}
    </div>
  );
}
