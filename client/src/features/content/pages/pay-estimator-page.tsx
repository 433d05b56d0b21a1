import { SimplePage } from '@/components/ui/simple-page';

export function PayEstimatorPage() {
  return (
    <SimplePage title="Courier Pay Estimator" heading="Courier pay estimator">
      <p>
        Soon you'll be able to estimate what a round really pays here: enter drops, miles, hours and your vehicle costs
        (fuel, insurance, wear) and see your take-home per hour in pounds.
      </p>
    </SimplePage>
  );
}
