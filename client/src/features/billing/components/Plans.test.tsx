// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./ClerkPricingTable', () => ({ default: () => <p>Clerk pricing table</p> }));
import { AuthContext, type AuthState } from '../../auth/AuthContext';
import { signedOutAuth } from '../../auth/testing';
import { Plans } from './Plans';

afterEach(cleanup);

const base: AuthState = signedOutAuth;
const freeUser: AuthState = {
  ...base,
  user: {
    id: 'u1',
    email: 'f@example.com',
    firstName: 'Fay',
    lastName: null,
    fullName: 'Fay',
    imageUrl: null,
    emailVerified: true,
    plan: 'FREE',
    role: 'USER',
    suspended: false,
    suspendedReason: null,
  },
  token: 't',
  plan: 'FREE',
};

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
function renderPlans(auth: AuthState, mocks: MockLink.MockedResponse[] = []) {
  return render(
    <AuthContext.Provider value={auth}>
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={['/product/pricing']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <Plans />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </AuthContext.Provider>,
  );
}
async function settle() {
  await act(() => new Promise((r) => setTimeout(r, 20)));
}

describe('Plans (OUR PLANS and /product/pricing)', () => {
  it('signed out: both plans offered with the trial; Premium goes to sign-in and then the account page, Free back here', () => {
    renderPlans(base);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Free', 'Premium']);
    expect(screen.getByText('14-day free trial, no credit card needed')).toBeTruthy();
    expect(screen.getByText(/Plan changes are prorated\. Cancel anytime — you keep access until the end of the billing period\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial' }));
    expect(screen.getByTestId('where').textContent).toBe('/sign-in?redirect=%2Fai%2Faccount');
  });

  it('signed out: Get started signs in and comes back here', () => {
    renderPlans(base);
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(screen.getByTestId('where').textContent).toBe('/sign-in?redirect=%2Fproduct%2Fpricing');
  });

  it('signed in on Free: Free is the current plan; Premium leads to the account page and sends no request', async () => {
    // No mocks: any mutation (the old changePlan) would fail the test with "No more mocked responses".
    const onError = vi.spyOn(console, 'error');
    renderPlans(freeUser, []);
    expect((screen.getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Start 14-day free trial' }));
    await settle();
    expect(screen.getByTestId('where').textContent).toBe('/ai/account');
    expect(onError).not.toHaveBeenCalled();
    onError.mockRestore();
  });

  it('signed in on Premium: Premium is current; the Free card leads to the account page (cancel there)', () => {
    renderPlans({ ...freeUser, plan: 'PREMIUM' });
    expect((screen.getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Manage plan' }));
    expect(screen.getByTestId('where').textContent).toBe('/ai/account');
  });

  it("under Clerk, shows Clerk's pricing table instead (once Clerk has loaded)", async () => {
    const { rerender } = renderPlans({ ...base, provider: 'clerk', loading: true });
    expect(screen.getByLabelText('Loading plans')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start 14-day free trial' })).toBeNull();
    rerender(
      <AuthContext.Provider value={{ ...base, provider: 'clerk' }}>
        <MockedProvider>
          <MemoryRouter>
            <Plans />
          </MemoryRouter>
        </MockedProvider>
      </AuthContext.Provider>,
    );
    expect(await screen.findByText('Clerk pricing table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start 14-day free trial' })).toBeNull();
  });
});
