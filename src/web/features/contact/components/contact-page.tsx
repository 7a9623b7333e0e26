import { Link } from 'react-router';
import { ContactForm } from './contact-form';

export function ContactPage() {
  return (
    <div className="mx-auto w-full max-w-7xl py-8">
      <div className="grid gap-12 lg:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-white">Contact Us</h1>
          <p className="mt-4 text-lg text-slate-300">
            Questions about signals, your account, a withdrawal, the Enterprise plan or hosting HeatSignal
            yourself? Send us a message and we will answer by email.
          </p>
          <ul className="mt-8 space-y-4 text-slate-300">
            <li>
              <span className="font-semibold text-white">Plans: </span>
              compare them on the{' '}
              <Link to="/pricing" className="font-semibold text-orange-400 hover:text-orange-300">
                Pricing
              </Link>{' '}
              page.
            </li>
            <li>
              <span className="font-semibold text-white">Developers: </span>
              the{' '}
              <Link to="/docs" className="font-semibold text-orange-400 hover:text-orange-300">
                API documentation
              </Link>{' '}
              covers authentication and endpoints.
            </li>
            <li>
              <span className="font-semibold text-white">Privacy: </span>
              see how we handle the data you send in our{' '}
              <Link to="/privacy-policy" className="font-semibold text-orange-400 hover:text-orange-300">
                Privacy Policy
              </Link>
              .
            </li>
          </ul>
        </div>
        <ContactForm />
      </div>
    </div>
  );
}
