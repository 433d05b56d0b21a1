import { SimplePage } from '@/components/ui/simple-page';

export function SupportPage() {
  return (
    <SimplePage title="Contact us" heading="Contact us">
      <p>
        A contact form is coming to this page: tell us your name, email, a subject and your message, and the Kerbside team
        will reply by email.
      </p>
    </SimplePage>
  );
}
