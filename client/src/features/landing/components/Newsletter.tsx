import { useMutation } from '@apollo/client/react';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toAppError } from '../../../lib/graphqlError';
import { toasterReady } from '../../../lib/toaster';
import { SubscribeNewsletterMutation } from '../api/operations';

// sonner loads on demand, with the Toaster (lib/toaster.ts), keeping it out of the public pages' load.
function notify(kind: 'success' | 'error', message: string) {
  void toasterReady()
    .then(() => import('sonner'))
    .then(({ toast }) => toast[kind](message));
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function Newsletter() {
  const [email, setEmail] = useState('');
  const [subscribe, { loading }] = useMutation(SubscribeNewsletterMutation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      notify('error', 'Please enter a valid email address');
      return;
    }
    try {
      const { data } = await subscribe({ variables: { email: address } });
      if (!data?.subscribeNewsletter) throw new Error('Subscription failed. Please try again.');
      notify('success', 'Thanks for subscribing!');
      setEmail('');
    } catch (err) {
      notify('error', toAppError(err).message || 'Subscription failed. Please try again.');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-2 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        type="email"
        autoComplete="email"
        placeholder="Enter your email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="min-w-0 flex-1 rounded-full border border-white/15 bg-white/10 px-4 py-2.5 text-sm text-white placeholder:text-slate-400 focus:border-indigo-400 focus:ring-2 focus:ring-indigo-400/40 focus:outline-none"
      />
      <button
        type="submit"
        disabled={loading}
        className="inline-flex items-center justify-center gap-2 rounded-full bg-indigo-500 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-400 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300"
      >
        <Send aria-hidden className="size-4" /> {loading ? 'Subscribing…' : 'Subscribe'}
      </button>
    </form>
  );
}
