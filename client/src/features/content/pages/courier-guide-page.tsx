import { Link } from 'react-router';
import { SimplePage } from '@/components/ui/simple-page';

export function CourierGuidePage() {
  return (
    <SimplePage title="Courier Guide UK" heading="The UK courier guide">
      <p>
        A practical guide to courier and delivery work in the UK is being written: getting started as an owner driver,
        insurance, vehicles, the main networks and what they pay, tax and self-employment.
      </p>
      <p>
        Until it's ready, ask the community in the{' '}
        <Link to="/forum" className="link">
          forum
        </Link>
        .
      </p>
    </SimplePage>
  );
}
