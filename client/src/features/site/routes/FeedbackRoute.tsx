import { CircleAlert, CircleCheck, MessageSquareHeart, Send, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { FeedbackAside } from '../components/FeedbackAside';
import { StarRating } from '../components/StarRating';
import { SelectField, TextAreaField, TextField } from '../../../components/TextField';
import { cardClass, PageIntro, primaryButtonClass, SitePage } from '../components/ui';
import { useFeedbackForm } from '../hooks/useFeedbackForm';
import { FEEDBACK_CATEGORIES } from '../lib/feedback';

/** /feedback: the feedback form (a star rating, name, email, category and message), the support email, and thanks once sent. */
export function FeedbackRoute() {
  const { form, update, rating, rate, error, loading, onSubmit, thanksOpen, closeThanks } = useFeedbackForm();

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
            <StarRating value={rating} onChange={rate} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                id="feedback-name"
                label="Name"
                name="name"
                autoComplete="name"
                aria-required
                value={form.name}
                onChange={(e) => update('name', e.target.value)}
                placeholder="Your name"
              />
              <TextField
                id="feedback-email"
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                aria-required
                value={form.email}
                onChange={(e) => update('email', e.target.value)}
                placeholder="you@example.com"
              />
            </div>
            <SelectField id="feedback-category" label="Category" name="category" value={form.category} onChange={(e) => update('category', e.target.value)}>
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              id="feedback-message"
              label="Message"
              name="message"
              rows={5}
              aria-required
              value={form.message}
              onChange={(e) => update('message', e.target.value)}
              placeholder="Share your thoughts"
            />
            {error ? (
              <div role="alert" className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2.5 text-sm text-rose-700">
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

        <FeedbackAside />
      </div>

      {thanksOpen ? <ThanksModal onClose={closeThanks} /> : null}
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
        <button type="button" onClick={onClose} aria-label="Close" className="absolute top-3 right-3 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
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
