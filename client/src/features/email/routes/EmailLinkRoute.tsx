import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadingPanel } from '../../../components/Spinner';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { ConfirmEmailChangeMutation, VerifyEmailMutation } from '../api/operations';
import { EmailCard, ErrorNote, linkClass } from '../components/EmailCard';
import { useLinkToken } from '../lib/linkToken';

type Kind = 'verify' | 'change';

const WORDS: Record<Kind, { title: string; done: string }> = {
  verify: { title: 'Verifying your e-mail address', done: 'Your e-mail address is verified. Thank you!' },
  change: { title: 'Confirming your new e-mail address', done: 'Your account uses your new e-mail address from now on.' },
};

/** A link that does its work when opened (docs/email.md): it is used once, as soon as the page has read it. */
function EmailLinkRoute({ kind }: { kind: Kind }) {
  const token = useLinkToken();
  const client = useApolloClient();
  const { user } = useAuth();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  // Once per page: React's development double effects must not spend the link twice.
  const sent = useRef(false);

  useEffect(() => {
    if (token === undefined || sent.current) return;
    sent.current = true;
    if (token === null) {
      setOutcome({ ok: false, message: 'This page needs the link from the e-mail we sent you.' });
      return;
    }
    const mutation = kind === 'verify' ? VerifyEmailMutation : ConfirmEmailChangeMutation;
    client
      .mutate({ mutation, variables: { token } })
      // The signed-in profile (banner, account page) shows the change.
      .then(() => Promise.resolve(client.refetchQueries({ include: ['Me'] })).catch(() => undefined))
      .then(
        () => setOutcome({ ok: true, message: WORDS[kind].done }),
        (err: unknown) => setOutcome({ ok: false, message: toAppError(err).message }),
      );
  }, [token, kind, client]);

  return (
    <EmailCard title={WORDS[kind].title}>
      <div className="mt-4">
        {!outcome ? (
          <LoadingPanel label="Checking your link…" />
        ) : outcome.ok ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {outcome.message}
          </p>
        ) : (
          <ErrorNote>{outcome.message}</ErrorNote>
        )}
      </div>
      {outcome ? (
        <p className="mt-5 text-sm text-slate-600">
          <Link to={user ? '/ai' : '/sign-in'} className={linkClass}>
            {user ? 'Go to your dashboard' : 'Sign in'}
          </Link>
        </p>
      ) : null}
    </EmailCard>
  );
}

/** /verify-email?token=…: the sign-up's verification link. */
export function VerifyEmailRoute() {
  return <EmailLinkRoute kind="verify" />;
}

/** /confirm-email?token=…: the link sent to a new address. */
export function ConfirmEmailRoute() {
  return <EmailLinkRoute kind="change" />;
}
