import { SimplePage } from '@/components/ui/simple-page';

export function CommunityGuidelinesPage() {
  return (
    <SimplePage title="Community Guidelines">
      <p>The full guidelines will be published on this page. Until then, the basics:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>Be respectful: we're all doing the same job.</li>
        <li>No harassment, hate or personal attacks.</li>
        <li>Don't share anyone's personal details, customers' included.</li>
        <li>No spam or unsolicited advertising.</li>
        <li>Keep it legal and safe on the road.</li>
      </ul>
    </SimplePage>
  );
}
