import { Link } from 'react-router';
import { SimplePage } from '@/components/ui/simple-page';

/** '/privacy' and '/privacy-policy'. */
export function PrivacyPage() {
  return (
    <SimplePage title="Privacy Policy">
      <p>The full privacy policy will be published on this page.</p>
      <p>
        Today Kerbside only uses the essential cookie that keeps you signed in. We don't use analytics, functional or
        marketing cookies, and we never sell your data. Questions? <Link to="/support" className="link">Contact us</Link>.
      </p>
    </SimplePage>
  );
}
