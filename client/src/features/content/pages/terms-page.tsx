import { Link } from 'react-router';
import { SimplePage } from '@/components/ui/simple-page';

export function TermsPage() {
  return (
    <SimplePage title="Terms of Service">
      <p>The full terms for using Kerbside will be published on this page.</p>
      <p>
        In short: Kerbside is free; you're responsible for what you post; be respectful and follow the{' '}
        <Link to="/community-guidelines" className="link">
          community guidelines
        </Link>
        . Questions? <Link to="/support" className="link">Contact us</Link>.
      </p>
    </SimplePage>
  );
}
