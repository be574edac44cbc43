// @vitest-environment happy-dom
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import { PasswordSection } from './PasswordSection';

afterEach(() => {
  cleanup();
  toast.success.mockClear();
});

const refusal = (message: string, field: string) => new CombinedGraphQLErrors({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', field } }] });

function fill(current: string, next: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordSection', () => {
  it('shows the server’s refusal beside the field it names, and focuses that field', async () => {
    const change = vi
      .fn()
      .mockRejectedValueOnce(refusal('Your current password is not right', 'currentPassword'))
      .mockRejectedValueOnce(refusal('Use at least 10 characters', 'newPassword'));
    render(<PasswordSection changePassword={change} />);
    fill('wrong', 'Brand-New-Horse-7');
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not right');
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    fill('Correct-Horse-9', 'password1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Use at least 10 characters'));
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('sends both passwords, then clears the form and says the other sessions are signed out', async () => {
    const change = vi.fn().mockResolvedValue(undefined);
    render(<PasswordSection changePassword={change} />);
    fill('Correct-Horse-9', 'Brand-New-Horse-7');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed. Your other sessions have been signed out.'));
    expect(change).toHaveBeenCalledWith('Correct-Horse-9', 'Brand-New-Horse-7');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
