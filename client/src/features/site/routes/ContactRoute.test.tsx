// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitContactMutation } from '../api/operations';
import { ContactRoute } from './ContactRoute';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const input = { name: 'Vera Visitor', email: 'vera@example.com', subject: 'Team plan', message: 'Is there a team plan?' };
const sent: MockLink.MockedResponse = { request: { query: SubmitContactMutation, variables: { input } }, result: { data: { submitContact: true } }, delay: 0 };
const failed: MockLink.MockedResponse = { request: { query: SubmitContactMutation, variables: { input } }, error: new Error('Network request failed'), delay: 0 };

function renderRoute(mocks: MockLink.MockedResponse[] = []) {
  vi.useFakeTimers();
  return render(
    <MockedProvider mocks={mocks}>
      <ContactRoute />
    </MockedProvider>,
  );
}
const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
function fill(values: Partial<typeof input>) {
  for (const [k, v] of Object.entries(values)) fireEvent.change(field(`contact-${k}`), { target: { value: v } });
}
/** Clicks Send and lets the mocked server answer. */
async function send() {
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  await act(() => vi.advanceTimersByTimeAsync(10));
}

describe('ContactRoute (product §4, §5, §8)', () => {
  it('labels its four fields, all required, the e-mail of email type', () => {
    renderRoute();
    for (const [label, id] of [
      ['Name', 'contact-name'],
      ['Email', 'contact-email'],
      ['Subject', 'contact-subject'],
      ['Message', 'contact-message'],
    ] as const) {
      expect(screen.getByLabelText(label)).toBe(field(id));
      expect(field(id).required).toBe(true);
    }
    expect(field('contact-email').type).toBe('email');
  });

  it('sends nothing while a field is empty or the e-mail is malformed', async () => {
    renderRoute([]); // any request would fail and show the error toast
    await send();
    expect(field('contact-name').validity.valueMissing).toBe(true);
    fill({ ...input, email: 'not-an-email' });
    expect(field('contact-email').validity.typeMismatch).toBe(true);
    await send();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows 'Message Sent!', clears the form, and hides the toast after 5 s", async () => {
    renderRoute([sent]);
    fill({ ...input, name: '  Vera Visitor  ' }); // trimmed before sending
    await send();
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Message Sent!');
    expect(toast.textContent).toContain("We've received your message.");
    expect(['name', 'email', 'subject', 'message'].map((k) => field(`contact-${k}`).value)).toEqual(['', '', '', '']);

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.queryByRole('status')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows 'Oops! Something Went Wrong' when sending fails, keeps what was typed, and can be dismissed", async () => {
    renderRoute([failed]);
    fill(input);
    await send();
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Oops! Something Went Wrong');
    expect(toast.textContent).toContain('Please try again or email us directly.');
    expect(field('contact-message').value).toBe(input.message);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
