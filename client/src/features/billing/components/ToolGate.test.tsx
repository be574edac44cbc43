// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageHeader } from '../../../components/PageHeader';
import type { Plan } from '../../../gql/graphql';
import { CurrentTool } from '../../../tools/current';
import { AuthContext } from '../../auth/AuthContext';
import { signedOutAuth } from '../../auth/testing';
import { ToolGate } from './ToolGate';

afterEach(cleanup);

const user = {
  id: 'u1',
  email: 'f@example.com',
  firstName: 'Fay',
  lastName: null,
  fullName: 'Fay',
  imageUrl: null,
  emailVerified: true,
  plan: 'FREE' as Plan,
  role: 'USER' as const,
  suspended: false,
  suspendedReason: null,
};

/** A tool page as the router mounts it: catalogue entry, gate, then the page (header and form). */
function renderTool(toolPlan: 'FREE' | 'PREMIUM', userPlan: Plan) {
  const submitted = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
  render(
    <AuthContext.Provider value={{ ...signedOutAuth, user: { ...user, plan: userPlan }, token: 't', plan: userPlan }}>
      <MemoryRouter>
        <CurrentTool.Provider value={{ slot: 'background-removal', plan: toolPlan }}>
          <ToolGate plan={toolPlan}>
            <PageHeader icon={null} title="Background Removal" />
            <form onSubmit={submitted}>
              <input aria-label="Upload image" type="file" />
              <button type="submit">Remove Background</button>
            </form>
          </ToolGate>
        </CurrentTool.Provider>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return { submitted, button: () => screen.getByRole('button', { name: 'Remove Background' }) };
}

describe('ToolGate (Premium tools locked up front)', () => {
  it('a Free user sees the lock before trying: panel, link to the account page, locked badge, form disabled', () => {
    const { button } = renderTool('PREMIUM', 'FREE');
    expect(screen.getByRole('heading', { name: 'Premium tool — start your 14-day free trial' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unlock with a free trial' }).getAttribute('href')).toBe('/ai/account');
    expect(screen.getByText('PREMIUM').textContent).toBe('PREMIUM (locked)');
    // happy-dom does not apply a disabled fieldset to its controls (browsers do, and the
    // browser test checks the real button), so here: the whole form sits in one.
    expect(button().closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByLabelText('Upload image').closest('fieldset')?.disabled).toBe(true);
  });

  it('a Premium user (trial included) gets the tool as it is', () => {
    const { button, submitted } = renderTool('PREMIUM', 'PREMIUM');
    expect(screen.queryByRole('heading', { name: /Premium tool/ })).toBeNull();
    expect(button().closest('fieldset')).toBeNull();
    expect(screen.getByText('PREMIUM').textContent).toBe('PREMIUM');
    fireEvent.click(button());
    expect(submitted).toHaveBeenCalledOnce();
  });

  it('a Free tool is never locked', () => {
    const { button } = renderTool('FREE', 'FREE');
    expect(screen.queryByRole('heading', { name: /Premium tool/ })).toBeNull();
    expect(button().closest('fieldset')).toBeNull();
  });
});
