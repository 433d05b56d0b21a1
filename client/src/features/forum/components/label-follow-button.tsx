import { Bell, BellRing } from 'lucide-react';
import { useUser } from '@/lib/auth';
import { openAuthDialog } from '@/lib/auth-dialog';
import { Button } from '@/components/ui/button';
import { useLabelFollow, type LabelKind } from '../api/labels';

type Props = {
  kind: LabelKind;
  /** The tag's slug or the area's code. */
  value: string;
  /** What a reader calls it ('Evri', 'LS'): the button's name says which it follows. */
  name: string;
  /** A guest is offered Sign in (a tag's or an area's own page); elsewhere they see nothing. */
  guestPrompt?: boolean;
};

/**
 * Follow / Following a tag or a postcode area (issue 32): a toggle (aria-pressed) for a verified member,
 * a way to sign in for a guest where `guestPrompt` asks for one. A member who has not verified their
 * email sees nothing, as with a category's follow.
 */
export function LabelFollowButton({ kind, value, name, guestPrompt = false }: Props) {
  const { user } = useUser();
  if (user === null && guestPrompt) {
    return (
      <Button variant="secondary" size="sm" onClick={() => openAuthDialog('signin')}>
        <Bell aria-hidden="true" className="size-4" />
        Sign in to follow
      </Button>
    );
  }
  if (!user?.emailVerified) return null;
  return <FollowToggle kind={kind} value={value} name={name} />;
}

function FollowToggle({ kind, value, name }: Omit<Props, 'guestPrompt'>) {
  const { following, loaded, toggle } = useLabelFollow(kind, value);
  if (!loaded) return null;
  const Icon = following ? BellRing : Bell;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={following}
      aria-label={`${following ? 'Following' : 'Follow'} ${name}`}
      title={kind === 'tag' ? `Get a notification for each new post tagged ${name}` : `Get a notification for each new post about the ${name} area`}
      onClick={() => toggle.mutate(!following)}
    >
      <Icon aria-hidden="true" className="size-4" />
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
