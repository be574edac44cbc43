// @vitest-environment happy-dom
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillingQuery } from '../../features/billing/api/operations';
import { freeBilling, trialBilling, type BillingAnswer } from '../../features/billing/testing';
import type { Plan } from '../../gql/graphql';
import { typePolicies } from '../../lib/apollo';
import { TOOLS } from '../../tools/catalogue';
import { Sidebar } from './Sidebar';

afterEach(cleanup);

/** The tools a Free user sees locked, in the sidebar's order. */
const PREMIUM = TOOLS.filter((t) => t.plan === 'PREMIUM');

const user = {
  id: 'u1',
  email: 'fay@example.com',
  firstName: 'Fay',
  lastName: 'Wray',
  fullName: 'Fay Wray',
  imageUrl: null,
  emailVerified: true,
  plan: 'FREE' as Plan,
  role: 'USER' as const,
  suspended: false,
  suspendedReason: null,
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function renderSidebar(plan: Plan, billing: BillingAnswer) {
  const onNavigate = vi.fn();
  render(
    <MockedProvider cache={new InMemoryCache({ typePolicies })} mocks={[{ request: { query: BillingQuery }, result: { data: { billing } }, delay: 0 }]}>
      <MemoryRouter initialEntries={['/ai']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Sidebar id="s" open user={{ ...user, plan }} plan={plan} onNavigate={onNavigate} onSignOut={() => {}} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
  return { onNavigate };
}
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('Sidebar: locks, AI Power and the account link', () => {
  it('Free: the Premium tools carry a lock; AI Power is the share of free generations left, with a quota line', async () => {
    renderSidebar('FREE', freeBilling({ textUsedThisMonth: 3, freeTextQuota: 10 }));
    await settle();
    // Batches run only Premium tools, so their page is locked too.
    expect(screen.getAllByTestId('nav-lock').map((l) => l.closest('a')!.getAttribute('href'))).toEqual([...PREMIUM.map((t) => t.path), '/ai/batches']);
    for (const tool of PREMIUM) expect(screen.getByRole('link', { name: `${tool.nav.label} (Premium, locked)` })).toBeTruthy();
    const meter = screen.getByRole('meter', { name: 'AI Power' });
    expect(meter.getAttribute('aria-valuenow')).toBe('70');
    expect(screen.getByText('70%')).toBeTruthy();
    expect(screen.getByTestId('quota-line').textContent).toBe('3 of 10 free text generations used this month');
    expect(screen.getByText('Free Plan')).toBeTruthy();
  });

  it('Free with the quota used up: the bar is empty', async () => {
    renderSidebar('FREE', freeBilling({ textUsedThisMonth: 12, freeTextQuota: 10 }));
    await settle();
    expect(screen.getByRole('meter', { name: 'AI Power' }).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('quota-line').textContent).toBe('10 of 10 free text generations used this month');
  });

  it('Premium trial: no locks, MAX, Unlimited, days left', async () => {
    renderSidebar('PREMIUM', trialBilling({ daysLeft: 9 }));
    await settle();
    expect(screen.queryAllByTestId('nav-lock')).toEqual([]);
    expect(screen.getByRole('meter', { name: 'AI Power' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('MAX')).toBeTruthy();
    expect(screen.getByTestId('quota-line').textContent).toBe('Unlimited text generations');
    expect(screen.getByText('Premium trial')).toBeTruthy();
    expect(screen.getByText('9 days left')).toBeTruthy();
  });

  it('the avatar and name open the account page (product §2)', async () => {
    const { onNavigate } = renderSidebar('FREE', freeBilling());
    fireEvent.click(screen.getByRole('link', { name: /Fay Wray/ }));
    expect(screen.getByTestId('where').textContent).toBe('/ai/account');
    expect(onNavigate).toHaveBeenCalled();
    await settle();
  });
});
