// @vitest-environment happy-dom
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../AuthContext';
import { signedOutAuth } from '../testing';
import { AuthForm } from './AuthForm';

afterEach(cleanup);

function renderForm(props: Parameters<typeof AuthForm>[0], auth: Partial<AuthState> = {}) {
  return render(
    <MemoryRouter>
      <AuthContext.Provider value={{ ...signedOutAuth, ...auth }}>
        <AuthForm {...props} />
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

const refusal = (message: string, field: string) => new CombinedGraphQLErrors({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', field } }] });

describe('AuthForm', () => {
  it('switches to sign-up in place when it has no pages to link to (the /ai sign-in gate)', () => {
    renderForm({});
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in to Atelier' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Create your account' })).toBeTruthy();
    expect(screen.getByLabelText('First name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('type')).toBe('button');
  });

  it('on its own page, titles the page and links to the other form’s page', () => {
    renderForm({ initialMode: 'sign-up', headingLevel: 1, links: { 'sign-in': '/sign-in?redirect=%2Fai', 'sign-up': '/signup?redirect=%2Fai' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in?redirect=%2Fai');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('marks the field the server blamed, ties it to the announced message and focuses it', async () => {
    const signUp = vi.fn().mockRejectedValue(refusal('Password is too weak: mix letters with digits, capitals or symbols', 'password'));
    renderForm({ initialMode: 'sign-up' }, { signUp });
    const values = { 'First name': 'Grace', 'Last name': 'Hopper', Email: 'grace@example.test', Password: 'lowercaseonly' };
    for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.submit(screen.getByRole('button', { name: 'Create account' }).closest('form')!);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Password is too weak/);
    expect(signUp).toHaveBeenCalledWith({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', password: 'lowercaseonly' });
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-errormessage')).toBe(alert.id);
    // The focus moves in an effect after the alert renders.
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });
});
