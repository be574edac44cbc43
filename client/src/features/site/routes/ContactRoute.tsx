import { useMutation } from '@apollo/client/react';
import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { SubmitContactMutation } from '../api/operations';
import { StatusToast, type StatusToastState } from '../components/StatusToast';
import { TextAreaField, TextField } from '../../../components/TextField';
import { cardClass, PageIntro, primaryButtonClass, SitePage } from '../components/ui';
import { SUPPORT_EMAIL } from '../lib/feedback';

const EMPTY = { name: '', email: '', subject: '', message: '' };

const INFO_CARDS = [
  { icon: Mail, title: 'Email us', value: SUPPORT_EMAIL, note: 'For support and general questions', href: `mailto:${SUPPORT_EMAIL}` },
  { icon: Phone, title: 'Call us', value: '+1 (555) 014-2290', note: 'Mon–Fri, 9 am – 6 pm (UTC)', href: 'tel:+15550142290' },
  { icon: MapPin, title: 'Visit us', value: '221 Market Street, San Francisco, CA', note: 'By appointment only' },
  { icon: Clock, title: 'Response time', value: 'Within 24 hours', note: 'Usually much sooner on weekdays' },
];

const SENT: StatusToastState = { kind: 'success', title: 'Message Sent!', message: "We've received your message." };
const FAILED: StatusToastState = {
  kind: 'error',
  title: 'Oops! Something Went Wrong',
  message: 'Please try again or email us directly.',
};

/** The ways to reach us, one card each. */
function ContactCards() {
  return (
    <ul className="mt-10 grid gap-4 sm:mt-12 sm:grid-cols-2 lg:grid-cols-4">
      {INFO_CARDS.map(({ icon: Icon, title, value, note, href }) => (
        <li key={title} className={`${cardClass} flex flex-col`}>
          <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
            <Icon aria-hidden className="size-5" />
          </span>
          <h2 className="mt-4 text-sm font-semibold text-slate-900">{title}</h2>
          {href ? (
            <a href={href} className="mt-1 text-sm font-medium break-words text-indigo-600 hover:text-indigo-500">
              {value}
            </a>
          ) : (
            <p className="mt-1 text-sm font-medium text-slate-800">{value}</p>
          )}
          <p className="mt-1 text-xs text-slate-500">{note}</p>
        </li>
      ))}
    </ul>
  );
}

export function ContactRoute() {
  const [form, setForm] = useState(EMPTY);
  const [toast, setToast] = useState<StatusToastState | null>(null);
  const [submitContact, { loading }] = useMutation(SubmitContactMutation);
  const closeToast = useCallback(() => setToast(null), []);

  const update = (field: keyof typeof EMPTY, value: string) => setForm((f) => ({ ...f, [field]: value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setToast(null);
    try {
      const { data } = await submitContact({
        variables: {
          input: {
            name: form.name.trim(),
            email: form.email.trim(),
            subject: form.subject.trim(),
            message: form.message.trim(),
          },
        },
      });
      if (data?.submitContact) {
        setForm(EMPTY);
        setToast({ ...SENT });
      } else {
        setToast({ ...FAILED });
      }
    } catch {
      setToast({ ...FAILED });
    }
  }

  return (
    <SitePage>
      <PageIntro eyebrow="Contact" title="Get in touch" intro="Questions about Atelier, your plan or a creation? Send us a message and a real person will get back to you." />

      <ContactCards />

      <section className={`${cardClass} mx-auto mt-8 max-w-3xl sm:mt-10 sm:p-8`} aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
          Send us a message
        </h2>
        <p className="mt-1 text-sm text-slate-500">All fields are required.</p>
        <form onSubmit={onSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
          <TextField
            id="contact-name"
            label="Name"
            name="name"
            required
            autoComplete="name"
            value={form.name}
            onChange={(e) => update('name', e.target.value)}
            placeholder="Your name"
          />
          <TextField
            id="contact-email"
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={form.email}
            onChange={(e) => update('email', e.target.value)}
            placeholder="you@example.com"
          />
          <TextField
            id="contact-subject"
            label="Subject"
            name="subject"
            required
            value={form.subject}
            onChange={(e) => update('subject', e.target.value)}
            placeholder="What is it about?"
            className="sm:col-span-2"
          />
          <TextAreaField
            id="contact-message"
            label="Message"
            name="message"
            required
            rows={6}
            value={form.message}
            onChange={(e) => update('message', e.target.value)}
            placeholder="Tell us how we can help"
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <button type="submit" disabled={loading} className={`${primaryButtonClass} w-full sm:w-auto`}>
              <Send aria-hidden className="size-4" />
              {loading ? 'Sending…' : 'Send Message'}
            </button>
          </div>
        </form>
      </section>

      <StatusToast toast={toast} onClose={closeToast} duration={5000} />
    </SitePage>
  );
}
