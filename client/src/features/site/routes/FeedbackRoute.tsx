import { useMutation } from '@apollo/client/react';
import { CircleAlert, CircleCheck, Clock, Mail, MessageSquareHeart, Send, Star, Users, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SubmitFeedbackMutation } from '../api/operations';
import { StarRating } from '../components/StarRating';
import { SelectField, TextAreaField, TextField } from '../../../components/TextField';
import { cardClass, PageIntro, primaryButtonClass, SitePage } from '../components/ui';
import { DEFAULT_CATEGORY, FEEDBACK_CATEGORIES, FEEDBACK_REQUIRED, SUPPORT_EMAIL } from '../lib/feedback';

const EMPTY = { name: '', email: '', message: '', category: DEFAULT_CATEGORY };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const STATS = [
  { icon: Users, value: '2,400+', label: 'Responses read' },
  { icon: Star, value: '4.8 / 5', label: 'Average rating' },
  { icon: Clock, value: '< 24 h', label: 'Typical reply' },
];

export function FeedbackRoute() {
  const [form, setForm] = useState(EMPTY);
  const [rating, setRating] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [thanksOpen, setThanksOpen] = useState(false);
  const [submitFeedback, { loading }] = useMutation(SubmitFeedbackMutation);

  function update(field: keyof typeof EMPTY, value: string) {
    setForm((f) => ({ ...f, [field]: value }));
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

  return (
    <SitePage>
      <PageIntro
        eyebrow="Feedback"
        title="Help us make Atelier better"
        intro="Tell us what works, what doesn't and what you'd love to see next. Every response is read by the team."
      />

      <div className="mt-10 grid gap-6 sm:mt-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section className={`${cardClass} sm:p-8`} aria-labelledby="feedback-form-title">
          <h2 id="feedback-form-title" className="text-center text-xl font-semibold text-slate-900">
            How was your experience?
          </h2>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
            <StarRating
              value={rating}
              onChange={(v) => {
                setRating(v);
                setError(null);
              }}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField id="feedback-name" label="Name" name="name" autoComplete="name" aria-required value={form.name} onChange={(e) => update('name', e.target.value)} placeholder="Your name" />
              <TextField id="feedback-email" label="Email" name="email" type="email" autoComplete="email" aria-required value={form.email} onChange={(e) => update('email', e.target.value)} placeholder="you@example.com" />
            </div>
            <SelectField id="feedback-category" label="Category" name="category" value={form.category} onChange={(e) => update('category', e.target.value)}>
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </SelectField>
            <TextAreaField id="feedback-message" label="Message" name="message" rows={5} aria-required value={form.message} onChange={(e) => update('message', e.target.value)} placeholder="Share your thoughts" />
            {error ? (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2.5 text-sm text-rose-700"
              >
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>{error}</span>
              </div>
            ) : null}
            <button type="submit" disabled={loading} className={`${primaryButtonClass} w-full`}>
              <Send aria-hidden className="size-4" />
              {loading ? 'Sending…' : 'Submit Feedback'}
            </button>
          </form>
        </section>

        <aside className="space-y-6">
          <div className={cardClass}>
            <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
              <Mail aria-hidden className="size-5" />
            </span>
            <h2 className="mt-4 font-semibold text-slate-900">Prefer email?</h2>
            <p className="mt-1 text-sm text-slate-600">Write to us any time and we'll reply within a day.</p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="mt-2 inline-block text-sm font-medium break-all text-indigo-600 hover:text-indigo-500"
            >
              {SUPPORT_EMAIL}
            </a>
          </div>
          <ul className={`${cardClass} grid grid-cols-3 gap-3 lg:grid-cols-1`}>
            {STATS.map(({ icon: Icon, value, label }) => (
              <li key={label} className="flex flex-col items-center text-center lg:flex-row lg:gap-3 lg:text-left">
                <Icon aria-hidden className="size-5 text-indigo-500" />
                <div>
                  <p className="mt-1 text-base font-bold text-slate-900 lg:mt-0">{value}</p>
                  <p className="text-xs text-slate-500">{label}</p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>

      {thanksOpen ? <ThanksModal onClose={() => setThanksOpen(false)} /> : null}
    </SitePage>
  );
}

function ThanksModal({ onClose }: { onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="thanks-title"
        className="relative w-full max-w-sm rounded-2xl bg-white p-6 text-center shadow-xl sm:p-8"
        onClick={(e) => e.stopPropagation()}
      >
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-3 right-3 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
        >
          <X aria-hidden className="size-5" />
        </button>
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CircleCheck aria-hidden className="size-8" />
        </span>
        <h2 id="thanks-title" className="mt-4 text-2xl font-bold text-slate-900">
          Thank You!
        </h2>
        <p className="mt-2 text-slate-600">Feedback received successfully!</p>
        <button ref={closeRef} type="button" onClick={onClose} className={`${primaryButtonClass} mt-6 w-full`}>
          <MessageSquareHeart aria-hidden className="size-4" />
          Close
        </button>
      </div>
    </div>
  );
}
