// @vitest-environment happy-dom
import { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../components/ClerkUserProfile', () => ({ default: () => <p>Clerk user profile</p> }));
// The API keys section has its own tests (features/api-keys); here only that the page shows it.
vi.mock('../../api-keys', () => ({ ApiKeysSection: () => <section aria-label="API keys" /> }));
// The webhooks section asks for its own data and has its own test (features/webhooks).
vi.mock('../../webhooks', () => ({ WebhooksSection: () => null }));
const leaveFor = vi.hoisted(() => vi.fn((_url: string) => true));
vi.mock('../../billing/lib/leaveFor', () => ({ leaveFor }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));
import { typePolicies } from '../../../lib/apollo';
import { AuthContext, type AuthState } from '../../auth/AuthContext';
import { MeQuery } from '../../auth/api/operations';
import { signedOutAuth } from '../../auth/testing';
import { BillingQuery, CancelSubscriptionMutation, OpenBillingPortalMutation, ResumeSubscriptionMutation, StartCheckoutMutation, StartTrialMutation } from '../../billing/account';
import { DeleteAccountMutation } from '../api/operations';
import { freeBilling, trialBilling, type BillingAnswer } from '../../billing/testing';
import { AccountRoute } from './AccountRoute';

afterEach(() => {
  cleanup();
  leaveFor.mockClear();
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const me = {
  __typename: 'User' as const,
  id: 'u1',
  email: 'fay@example.com',
  firstName: 'Fay',
  lastName: 'Wray',
  fullName: 'Fay Wray',
  imageUrl: null,
  emailVerified: true,
  role: 'USER' as const,
  suspended: false,
  suspendedReason: null,
  plan: 'FREE' as const,
};
const auth: AuthState = { ...signedOutAuth, user: me, token: 't', plan: 'FREE' };

const billingAnswer = (billing: BillingAnswer): MockLink.MockedResponse => ({ request: { query: BillingQuery }, result: { data: { billing } }, delay: 0 });
const mutation = (query: MockLink.MockedResponse['request']['query'], field: string, billing: BillingAnswer): MockLink.MockedResponse => ({
  request: { query },
  result: { data: { [field]: billing } },
  delay: 0,
});

function renderAccount(mocks: MockLink.MockedResponse[], state: AuthState = auth, path = '/ai/account') {
  const cache = new InMemoryCache({ typePolicies });
  // `me` as the auth provider would have cached it, so the plan written onto it can be checked.
  cache.writeQuery({ query: MeQuery, data: { me } });
  render(
    <AuthContext.Provider value={state}>
      <MockedProvider mocks={mocks} cache={cache}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/ai/account" element={<AccountRoute />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </AuthContext.Provider>,
  );
  return cache;
}
async function settle() {
  await act(() => new Promise((r) => setTimeout(r, 20)));
}
const headline = () => screen.getByTestId('plan-headline').textContent;

describe('AccountRoute (/ai/account)', () => {
  it('shows loading, then the profile, the Free plan, the demo notice and the usage bar', async () => {
    renderAccount([billingAnswer(freeBilling())]);
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.getByText('Loading your plan…')).toBeTruthy();
    await settle();
    expect(screen.getByText('Fay Wray')).toBeTruthy();
    expect(screen.getByText('fay@example.com')).toBeTruthy();
    expect(headline()).toBe('Free');
    expect(screen.getByText('Demo billing: no payment is taken.')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: '3 of 10 free text generations used this month' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['3', '10']);
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'API keys' })).toBeTruthy();
  });

  it('starts the trial: Premium trial with 14 days left, and `me` in the cache becomes PREMIUM (tools unlock)', async () => {
    const cache = renderAccount([billingAnswer(freeBilling()), mutation(StartTrialMutation, 'startTrial', trialBilling())]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial (no card)' }));
    await settle();
    expect(headline()).toBe('Premium trial — 14 days left');
    expect(screen.getByText('Your trial ends on December 7, 2026.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your 14-day Premium trial has started.');
    expect(cache.readQuery({ query: MeQuery })?.me?.plan).toBe('PREMIUM');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/Unlimited on Premium/)).toBeTruthy();
  });

  it("shows the server's refusal of a second trial as an alert", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: StartTrialMutation },
      result: { errors: [new GraphQLError('You have already used your free trial', { extensions: { code: 'BAD_USER_INPUT' } })] },
      delay: 0,
    };
    renderAccount([billingAnswer(freeBilling()), refused]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial (no card)' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('You have already used your free trial');
    expect(headline()).toBe('Free');
  });

  it('after a used trial, offers no second one', async () => {
    renderAccount([billingAnswer(freeBilling({ canStartTrial: false }))]);
    await settle();
    expect(screen.queryByRole('button', { name: /Start 14-day/ })).toBeNull();
    expect(screen.getByText('You have already used your free trial.')).toBeTruthy();
  });

  it('cancels only after confirmation; keeps access until the period end; resume undoes it', async () => {
    const active = trialBilling({ status: 'ACTIVE', trialEndsAt: null, daysLeft: 30 });
    const cancelled = { ...active, cancelAtPeriodEnd: true };
    renderAccount(
      [billingAnswer(active), mutation(CancelSubscriptionMutation, 'cancelSubscription', cancelled), mutation(ResumeSubscriptionMutation, 'resumeSubscription', active)],
      { ...auth, plan: 'PREMIUM' },
    );
    await settle();
    expect(headline()).toBe('Premium, renews on December 7, 2026');

    // First a question, focused; "Keep Premium" closes it and sends nothing (no mock would answer).
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const question = screen.getByRole('group', { name: 'Cancel your Premium subscription?' });
    expect(within(question).getByText(/You keep every Premium tool until December 7, 2026/)).toBeTruthy();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Yes, cancel' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Keep Premium' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(headline()).toBe('Premium, renews on December 7, 2026');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await settle();
    expect(headline()).toBe('Cancelled — access until December 7, 2026');
    expect(screen.getByRole('status').textContent).toBe('Cancelled. You keep Premium until December 7, 2026.');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await settle();
    expect(headline()).toBe('Premium, renews on December 7, 2026');
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('says a trial is cancelled as a trial', async () => {
    renderAccount([billingAnswer(trialBilling({ daysLeft: 1 }))], { ...auth, plan: 'PREMIUM' });
    await settle();
    expect(headline()).toBe('Premium trial — 1 day left');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel trial' }));
    expect(screen.getByRole('group', { name: 'Cancel your Premium trial?' })).toBeTruthy();
  });

  it('when the plan cannot be loaded: an alert and Try again, which loads it', async () => {
    const failed: MockLink.MockedResponse = { request: { query: BillingQuery }, error: new Error('Network down'), delay: 0 };
    renderAccount([failed, billingAnswer(freeBilling())]);
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/^Your plan could not be loaded\./);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(headline()).toBe('Free');
  });

  it("under Clerk: Clerk's profile for identity, our plan panel with Manage plan, no trial buttons and no demo notice", async () => {
    renderAccount([billingAnswer(freeBilling({ mode: 'CLERK', canStartTrial: false }))], { ...auth, provider: 'clerk' });
    await settle();
    expect(await screen.findByText('Clerk user profile')).toBeTruthy();
    expect(screen.queryByText('fay@example.com')).toBeNull();
    expect(headline()).toBe('Free');
    expect(screen.getByRole('link', { name: 'Manage plan' }).getAttribute('href')).toBe('/product/pricing');
    expect(screen.queryByRole('button', { name: /Start 14-day/ })).toBeNull();
    expect(screen.queryByText(/Demo billing/)).toBeNull();
  });

  it('Stripe: the trial goes to Stripe Checkout, Manage billing to the Customer Portal; no demo notice, no cancel button of ours', async () => {
    const checkout: MockLink.MockedResponse = {
      request: { query: StartCheckoutMutation },
      result: { data: { startCheckout: 'https://checkout.stripe.test/c/pay/cs_1' } },
      delay: 0,
    };
    renderAccount([billingAnswer(freeBilling({ mode: 'STRIPE' })), checkout]);
    await settle();
    expect(screen.queryByText(/Demo billing/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial (no card)' }));
    await settle();
    expect(leaveFor).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1');
    // Busy until the browser has left.
    expect((screen.getByRole('button', { name: 'Start 14-day free trial (no card)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("Stripe, subscribed: Manage billing opens the portal; cancelling is Stripe's, not ours", async () => {
    const portal: MockLink.MockedResponse = {
      request: { query: OpenBillingPortalMutation },
      result: { data: { openBillingPortal: 'https://billing.stripe.test/p/session/1' } },
      delay: 0,
    };
    renderAccount([billingAnswer(trialBilling({ mode: 'STRIPE', status: 'ACTIVE' })), portal], { ...auth, plan: 'PREMIUM' });
    await settle();
    expect(headline()).toBe('Premium, renews on December 7, 2026');
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await settle();
    expect(leaveFor).toHaveBeenCalledWith('https://billing.stripe.test/p/session/1');
  });

  it('back from Checkout before the webhook: says Stripe is confirming, and polls until Premium shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAccount(
        [billingAnswer(freeBilling({ mode: 'STRIPE' })), billingAnswer(freeBilling({ mode: 'STRIPE' })), billingAnswer(trialBilling({ mode: 'STRIPE' }))],
        auth,
        '/ai/account?checkout=success',
      );
      await settle();
      expect(screen.getByText('Thanks! Stripe is confirming your subscription; this page updates by itself.')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(4500));
      expect(headline()).toBe('Premium trial — 14 days left');
      expect(screen.getByText('Thanks! Your Premium subscription is active.')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('delete account: asks for the password, shows a refusal, and on success signs out and goes home', async () => {
    const signOut = vi.fn(async () => {});
    const wrong: MockLink.MockedResponse = {
      request: { query: DeleteAccountMutation, variables: { password: 'nope' } },
      result: { errors: [new GraphQLError('That password is not correct', { extensions: { code: 'BAD_USER_INPUT' } })] },
      delay: 0,
    };
    const right: MockLink.MockedResponse = { request: { query: DeleteAccountMutation, variables: { password: 'Wray-1933' } }, result: { data: { deleteAccount: true } }, delay: 0 };
    renderAccount([billingAnswer(freeBilling()), wrong, right], { ...auth, signOut });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    const field = screen.getByLabelText('Your password, to confirm');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('That password is not correct');
    expect(signOut).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'Wray-1933' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await settle();
    expect(signOut).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it("under Clerk there is no delete section of ours (Clerk's profile has it)", async () => {
    renderAccount([billingAnswer(freeBilling({ mode: 'CLERK', canStartTrial: false }))], { ...auth, provider: 'clerk' });
    await settle();
    expect(screen.queryByRole('heading', { name: 'Delete account' })).toBeNull();
  });
});
