import { useQuery } from '@tanstack/react-query';
import { BulletinCard } from '@/components/bulletins/bulletin-card';
import { getBulletinsQueryOptions } from '@/components/bulletins/bulletins-query';
import { useDismissedBulletins } from '@/components/bulletins/dismissed-bulletins';
import { useUser } from '@/lib/auth';

/**
 * The forum's bulletins (spec §2 Forum list, §3 Bulletin): polled every 60 s, each with its
 * Public/Members label and a dismiss button; dismissed ones stay hidden in this browser.
 */
export function BulletinsSlot() {
  const { user } = useUser();
  // Asked once the reader is known, so members-only bulletins are not fetched twice.
  const { data } = useQuery({ ...getBulletinsQueryOptions(user?.id ?? null), enabled: user !== undefined });
  const { dismissed, dismiss } = useDismissedBulletins();
  const shown = (data ?? []).filter((b) => !dismissed.has(b.id));
  if (!shown.length) return null;
  return (
    <div className="grid gap-2">
      {shown.map((b) => (
        <BulletinCard key={b.id} bulletin={b} onDismiss={() => dismiss(b.id)} />
      ))}
    </div>
  );
}
