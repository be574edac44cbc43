import { Link } from 'react-router-dom';
import { StaticPage } from '../components/StaticPage';
import { SUPPORT_EMAIL } from '../lib/feedback';

const UPDATED = 'January 2026';
const mail = (
  <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-indigo-600 hover:text-indigo-500">
    {SUPPORT_EMAIL}
  </a>
);

export function AboutRoute() {
  return (
    <StaticPage
      eyebrow="About"
      title="About Atelier"
      intro="Atelier is an AI content studio: one place to write articles, brainstorm blog titles, create and edit images and get feedback on your resume."
      sections={[
        {
          heading: 'Our mission',
          body: (
            <p>
              Good content takes time. We build focused AI tools that take care of the first draft, the busywork and the fiddly edits, so creators, marketers and job seekers can
              spend their energy on ideas and judgement.
            </p>
          ),
        },
        {
          heading: 'What you can do with Atelier',
          body: (
            <ul>
              <li>Write full articles in short, medium or long form.</li>
              <li>Generate blog titles for any keyword and category.</li>
              <li>Create images in styles from realistic to anime, and share them with the community.</li>
              <li>Remove backgrounds or single objects from your photos.</li>
              <li>Get a structured review of your resume.</li>
            </ul>
          ),
        },
        {
          heading: 'How we work',
          body: <p>We are a small, remote team. We ship in small steps, read every piece of feedback and prefer simple tools that do one thing well over a maze of settings.</p>,
        },
        {
          heading: 'Talk to us',
          body: (
            <p>
              Questions, ideas or partnership requests are always welcome — use the{' '}
              <Link to="/contact" className="font-medium text-indigo-600 hover:text-indigo-500">
                contact page
              </Link>{' '}
              or leave{' '}
              <Link to="/feedback" className="font-medium text-indigo-600 hover:text-indigo-500">
                feedback
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  );
}

export function PrivacyRoute() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Privacy Policy"
      updated={UPDATED}
      intro="This policy explains what information Atelier collects, why we collect it and the choices you have."
      sections={[
        {
          heading: 'Information we collect',
          body: (
            <ul>
              <li>Account details from our sign-in provider, such as your name and profile picture.</li>
              <li>The prompts, files and results you create with our tools.</li>
              <li>Messages and feedback you send us, including your name and email address.</li>
              <li>Basic technical data such as browser type and error logs, used to keep the service running.</li>
            </ul>
          ),
        },
        {
          heading: 'How we use it',
          body: (
            <p>
              We use your information to provide and improve the tools, to show your creation history, to answer your messages and to keep the service secure. We do not sell your
              personal information.
            </p>
          ),
        },
        {
          heading: 'Sharing',
          body: (
            <p>
              Creations stay private unless you choose to publish them to the community gallery. We share data only with the service providers needed to run Atelier (hosting,
              sign-in and AI model providers), under contract.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: <p>You can ask us to export or delete your data at any time by writing to {mail}. Deleting your account removes your creations from our systems.</p>,
        },
      ]}
    />
  );
}

export function SecurityRoute() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Security"
      updated={UPDATED}
      intro="Keeping your work and your account safe is part of the product, not an afterthought."
      sections={[
        {
          heading: 'Data protection',
          body: (
            <p>All traffic to Atelier is encrypted in transit with TLS. Stored files and account data are encrypted at rest, and access is limited to the systems that need it.</p>
          ),
        },
        {
          heading: 'Authentication',
          body: (
            <p>
              Sign-in is handled by a dedicated identity provider. Every request to our AI tools carries a short-lived token, and your creations are only visible to you unless you
              publish them.
            </p>
          ),
        },
        {
          heading: 'Infrastructure',
          body: (
            <ul>
              <li>Dependencies are updated regularly and scanned for known vulnerabilities.</li>
              <li>Production access is restricted and logged.</li>
              <li>Backups are taken daily and tested.</li>
            </ul>
          ),
        },
        {
          heading: 'Reporting a vulnerability',
          body: (
            <p>
              If you believe you have found a security issue, please email {mail} with the details. We will acknowledge your report promptly and keep you informed while we fix it.
            </p>
          ),
        },
      ]}
    />
  );
}

export function TermsRoute() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Terms of Service"
      updated={UPDATED}
      intro="These terms govern your use of Atelier. By creating an account or using our tools you agree to them."
      sections={[
        {
          heading: 'Your account',
          body: (
            <p>You are responsible for the activity on your account and for keeping your sign-in details safe. You must be old enough to form a binding contract where you live.</p>
          ),
        },
        {
          heading: 'Acceptable use',
          body: (
            <ul>
              <li>Do not use Atelier to create illegal, harmful, hateful or deceptive content.</li>
              <li>Do not upload material you do not have the right to use.</li>
              <li>Do not try to disrupt, overload or reverse-engineer the service.</li>
            </ul>
          ),
        },
        {
          heading: 'Your content',
          body: (
            <p>
              You keep the rights to the prompts and files you provide and to the results you create, subject to the rights of others. Publishing a creation lets other users view
              it in the community gallery.
            </p>
          ),
        },
        {
          heading: 'Plans and limits',
          body: <p>The Free plan includes a monthly allowance of text generations; Premium unlocks every tool. We may change plan features with reasonable notice.</p>,
        },
        {
          heading: 'Disclaimers',
          body: (
            <p>
              AI output can be inaccurate or unexpected. Review results before relying on them. The service is provided “as is”, to the extent permitted by law. Questions about
              these terms? Write to {mail}.
            </p>
          ),
        },
      ]}
    />
  );
}
