import { useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { CheckCircle2 } from 'lucide-react';
import type { TSupportResponse } from '@common/contracts/support';
import { SimplePage } from '@/components/ui/simple-page';
import { Button } from '@/components/ui/button';
import { useUser } from '@/lib/auth';
import { SupportFaq } from '../components/support-faq';
import { SupportForm } from '../components/support-form';

/** /support: the contact form (prefilled for members) that opens a ticket, and a short FAQ. */
export function SupportPage() {
  const { user } = useUser();
  const [sent, setSent] = useState<(TSupportResponse & { email: string }) | null>(null);
  const [formKey, setFormKey] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const defaults = user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : { name: '', email: '' };

  return (
    <SimplePage title="Contact us" heading="Contact us">
      <p>
        Questions about your account, a problem with the site, something you want us to look at, or advertising — tell us here and the team
        replies by email, usually within two working days. Check the common questions first: the answer may already be there.
      </p>
      <SupportFaq />
      <section aria-labelledby="contact-heading" className="grid gap-3">
        <h2 id="contact-heading" className="text-xl font-bold">
          Send us a message
        </h2>
        {sent ? (
          <div role="status" className="grid gap-3 rounded-xl border-2 border-green-700 bg-green-50 p-4">
            <p ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold text-green-900">
              <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
              {sent.message}
            </p>
            <p>
              Your ticket number is <strong>#{sent.id}</strong>. We&rsquo;ve sent a confirmation with it to <strong>{sent.email}</strong> — if it
              doesn&rsquo;t arrive, check your spam folder.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button
                variant="secondary"
                onClick={() => {
                  setSent(null);
                  setFormKey((k) => k + 1);
                }}
              >
                Send another message
              </Button>
              <Link to="/forum" className="inline-flex min-h-11 items-center font-semibold text-link underline">
                Back to the forum
              </Link>
            </div>
          </div>
        ) : (
          <SupportForm
            key={`${formKey}-${user?.id ?? 'guest'}`}
            defaults={defaults}
            onSent={(answer, email) => {
              setSent({ ...answer, email });
              requestAnimationFrame(() => headingRef.current?.focus());
            }}
          />
        )}
      </section>
    </SimplePage>
  );
}
