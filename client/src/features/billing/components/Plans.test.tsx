// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./ClerkPricingTable', () => ({ default: () => <p>Clerk pricing table</p> }));
import { AuthContext, type AuthState } from '../../auth/AuthContext';
import { signedOutAuth } from '../../auth/testing';
import { ChangePlanMutation } from '../api/operations';
import { Plans } from './Plans';

afterEach(cleanup);

const base: AuthState = signedOutAuth;
const freeUser: AuthState = {
  ...base,
  user: { id: 'u1', email: 'f@example.com', firstName: 'Fay', lastName: null, fullName: 'Fay', imageUrl: null, plan: 'FREE' },
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
            <Route path="*" element={<><Plans /><Where /></>} />
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
  it('signed out: both plans offered; choosing one goes to sign-in and back here after', () => {
    renderPlans(base);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Free', 'Premium']);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.getByTestId('where').textContent).toBe('/sign-in?redirect=%2Fproduct%2Fpricing');
  });

  it('signed in on Free: Free is the current plan; upgrading calls changePlan(PREMIUM) and says so', async () => {
    const upgrade: MockLink.MockedResponse = {
      request: { query: ChangePlanMutation, variables: { plan: 'PREMIUM' } },
      result: { data: { changePlan: { __typename: 'User', id: 'u1', plan: 'PREMIUM' } } },
      delay: 0,
    };
    renderPlans(freeUser, [upgrade]);
    expect((screen.getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe("You're on Premium now!");
    expect(screen.getByTestId('where').textContent).toBe('/product/pricing');
  });

  it("shows the server's refusal", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: ChangePlanMutation, variables: { plan: 'PREMIUM' } },
      result: { errors: [new GraphQLError('Plans are managed in your Clerk account', { extensions: { code: 'FORBIDDEN' } })] },
      delay: 0,
    };
    renderPlans(freeUser, [refused]);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Plans are managed in your Clerk account');
  });

  it("signed in on Premium: can switch back to Free", async () => {
    const downgrade: MockLink.MockedResponse = {
      request: { query: ChangePlanMutation, variables: { plan: 'FREE' } },
      result: { data: { changePlan: { __typename: 'User', id: 'u1', plan: 'FREE' } } },
      delay: 0,
    };
    renderPlans({ ...freeUser, plan: 'PREMIUM' }, [downgrade]);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Free' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe("You're on the Free plan now.");
  });

  it("under Clerk, shows Clerk's pricing table instead (once Clerk has loaded)", async () => {
    const { rerender } = renderPlans({ ...base, provider: 'clerk', loading: true });
    expect(screen.getByLabelText('Loading plans')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
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
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });
});
