// The feedback form's state and sending: fields, rating, the error shown, and the thank-you modal.
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { SubmitFeedbackMutation } from '../api/operations';
import { DEFAULT_CATEGORY, FEEDBACK_REQUIRED, SUPPORT_EMAIL } from '../lib/feedback';

const EMPTY = { name: '', email: '', message: '', category: DEFAULT_CATEGORY };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's fields (by name). */
export type FeedbackField = keyof typeof EMPTY;

/**
 * The fields and rating, checked on submit (all required, a plausible email, a rating); sent
 * with SubmitFeedbackMutation. Success clears the form and opens the thanks; failure says so.
 */
export function useFeedbackForm() {
  const [form, setForm] = useState(EMPTY);
  const [rating, setRating] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [thanksOpen, setThanksOpen] = useState(false);
  const [submitFeedback, { loading }] = useMutation(SubmitFeedbackMutation);

  function update(field: FeedbackField, value: string) {
    setForm((f) => ({ ...f, [field]: value }));
  }

  /** A new rating clears the error. */
  function rate(value: number) {
    setRating(value);
    setError(null);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = form.name.trim();
    const email = form.email.trim();
    const message = form.message.trim();
    if (!name || !email || !EMAIL_PATTERN.test(email) || !message || rating <= 0) {
      setError(FEEDBACK_REQUIRED);
      return;
    }
    setError(null);
    const failed = `Failed to send. Please try again, or email us at ${SUPPORT_EMAIL}.`;
    try {
      const { data } = await submitFeedback({
        variables: { input: { name, email, message, category: form.category, rating, type: 'feedback' } },
      });
      if (data?.submitFeedback) {
        setForm(EMPTY);
        setRating(0);
        setThanksOpen(true);
      } else {
        setError(failed);
      }
    } catch {
      setError(failed);
    }
  }

  const closeThanks = () => setThanksOpen(false);

  return { form, update, rating, rate, error, loading, onSubmit, thanksOpen, closeThanks };
}
