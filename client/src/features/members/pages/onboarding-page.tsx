import { Link } from 'react-router';
import { useUser } from '@/lib/auth';
import { SimplePage } from '@/components/ui/simple-page';

export function OnboardingPage() {
  const { user } = useUser();
  return (
    <SimplePage title="Set up your profile" heading={`Welcome${user ? `, ${user.firstName}` : ''}!`} noindex>
      <p>
        Soon you'll pick the courier role that fits you (bike, van, parcel, freight and more) and add a short status line
        here, so other members know who they're talking to.
      </p>
      <p>
        For now, jump straight in:{' '}
        <Link to="/forum" className="link">
          browse the forum
        </Link>
        .
      </p>
    </SimplePage>
  );
}
