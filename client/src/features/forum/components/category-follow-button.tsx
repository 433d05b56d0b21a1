import { Bell, BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCategoryFollow } from '../api/follows';

/** "Follow category" / "Following" on a category's banner: a toggle button (aria-pressed). */
export function CategoryFollowButton({ categoryId, categoryName }: { categoryId: number; categoryName: string }) {
  const { following, loaded, toggle } = useCategoryFollow(categoryId);
  if (!loaded) return null;
  const Icon = following ? BellRing : Bell;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={following}
      title={`Get a notification for each new post in ${categoryName}`}
      onClick={() => toggle.mutate(!following)}
    >
      <Icon aria-hidden="true" className="size-4" />
      {following ? 'Following' : 'Follow category'}
    </Button>
  );
}
