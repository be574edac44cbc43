// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitFeedbackMutation } from '../api/operations';
import { FeedbackRoute } from './FeedbackRoute';

afterEach(cleanup);

const input = { name: 'Vera Visitor', email: 'vera@example.com', message: 'The demo is lovely.', category: 'report_an issue', rating: 4, type: 'feedback' };
const ok: MockLink.MockedResponse = { request: { query: SubmitFeedbackMutation, variables: { input } }, result: { data: { submitFeedback: true } }, delay: 0 };
const down: MockLink.MockedResponse = { request: { query: SubmitFeedbackMutation, variables: { input } }, error: new Error('Network request failed'), delay: 0 };

function renderRoute(mocks: MockLink.MockedResponse[] = []) {
  return render(
    <MockedProvider mocks={mocks}>
      <FeedbackRoute />
    </MockedProvider>,
  );
}
const field = (id: string) => document.getElementById(`feedback-${id}`) as HTMLInputElement;
const star = (n: number) => screen.getAllByRole('radio')[n - 1]!;
function fillAll() {
  fireEvent.change(field('name'), { target: { value: input.name } });
  fireEvent.change(field('email'), { target: { value: input.email } });
  fireEvent.change(field('message'), { target: { value: input.message } });
  fireEvent.change(field('category'), { target: { value: 'report_an issue' } });
  fireEvent.click(star(4));
}
async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe('FeedbackRoute (product §3, §4, §5, §8, §9)', () => {
  it('rates 1–5 with the emoji and label of the hovered or chosen star', () => {
    renderRoute();
    const stars = screen.getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual(['1 star: Awful', '2 stars: Poor', '3 stars: Average', '4 stars: Good', '5 stars: Excellent']);
    const label = () => screen.getByRole('radiogroup').nextElementSibling!.textContent;
    expect(label()).toBe('Tap a star to rate');
    fireEvent.mouseEnter(star(3));
    expect(label()).toBe('😐Average');
    fireEvent.click(star(5));
    fireEvent.mouseLeave(screen.getByRole('radiogroup'));
    expect(label()).toBe('🤩Excellent');
    expect(star(5).getAttribute('aria-checked')).toBe('true');
    expect(star(3).getAttribute('aria-checked')).toBe('false');
  });

  it('offers the seven categories with General Feedback first and chosen', () => {
    renderRoute();
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.textContent, o.value])).toEqual([
      ['General Feedback', 'general_feedback'],
      ['UI/UX Feedback', 'ui/ux_feedback'],
      ['Responsiveness Issue', 'responsiveness_issue'],
      ['Website Experience', 'website_experience'],
      ['Website Issue', 'website_issue'],
      ['Report an Issue', 'report_an issue'],
      ['Other', 'other'],
    ]);
    expect(select.value).toBe('general_feedback');
  });

  it("refuses a missing field or rating with 'Please fill all fields and provide a rating' and sends nothing", async () => {
    renderRoute([]); // a request would fail with a different message
    fillAll();
    fireEvent.change(field('message'), { target: { value: '   ' } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please fill all fields and provide a rating');

    cleanup();
    renderRoute([]);
    fireEvent.change(field('name'), { target: { value: input.name } });
    fireEvent.change(field('email'), { target: { value: input.email } });
    fireEvent.change(field('message'), { target: { value: input.message } });
    await submit(); // no rating
    expect(screen.getByRole('alert').textContent).toBe('Please fill all fields and provide a rating');
    fireEvent.click(star(2)); // rating clears the message
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('thanks the sender in a modal and resets the form and rating', async () => {
    renderRoute([ok]);
    fillAll();
    await submit();
    const dialog = screen.getByRole('dialog', { name: 'Thank You!' });
    expect(dialog.textContent).toContain('Feedback received successfully!');
    expect([field('name').value, field('email').value, field('message').value, field('category').value]).toEqual(['', '', '', 'general_feedback']);
    expect(screen.getAllByRole('radio').some((s) => s.getAttribute('aria-checked') === 'true')).toBe(false);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Failed to send' with an e-mail to write to when the server cannot be reached, keeping the input", async () => {
    renderRoute([down]);
    fillAll();
    await submit();
    expect(screen.getByRole('alert').textContent).toMatch(/^Failed to send\. .*support@atelier\.app/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field('message').value).toBe(input.message);
    expect(star(4).getAttribute('aria-checked')).toBe('true');
  });
});
