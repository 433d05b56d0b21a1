import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Hash, MapPin } from 'lucide-react';
import { Link } from '@/lib/router';
import { useUser } from '@/lib/auth';
import { failureText } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { getCourierProfileQueryOptions } from '../api/members-api';
import { getLabelFollowsQueryOptions, getTagNamesQueryOptions, useChangeLabelFollow, type LabelFollowChange } from '../api/label-follows';

/**
 * Settings' "Followed tags and areas" (issue 32): each with Unfollow, and "Follow my home area" when the
 * courier profile names an area the member does not follow yet. Following is a verified member's.
 */
export function FollowedLabels() {
  const { user } = useUser();
  const verified = !!user?.emailVerified;
  const follows = useQuery({ ...getLabelFollowsQueryOptions(), enabled: verified });
  const names = useQuery({ ...getTagNamesQueryOptions(), enabled: verified });
  const courier = useQuery({ ...getCourierProfileQueryOptions(), enabled: verified });
  const change = useChangeLabelFollow();

  if (!verified) return <p className="text-muted">Verify your email address to follow tags and postcode areas.</p>;
  if (follows.isPending) {
    return (
      <p role="status" className="text-muted">
        Loading…
      </p>
    );
  }
  if (follows.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p>What you follow did not load. Check your signal and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void follows.refetch()} disabled={follows.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const run = (c: LabelFollowChange) =>
    change.mutate(c, {
      onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
      onError: (err) => toast({ title: c.follow ? 'Could not follow' : 'Could not unfollow', description: failureText(err), variant: 'destructive' }),
    });
  const busy = (kind: 'tag' | 'area', key: string) => change.isPending && change.variables?.kind === kind && change.variables.key === key;
  const { tags, areas } = follows.data;
  const home = courier.data?.area ?? null;
  const offerHome = home !== null && !areas.includes(home);

  return (
    <div className="grid gap-4">
      <p>New posts with a tag or about a postcode area you follow are sent to you, and local alerts in your areas as soon as they are posted.</p>
      {offerHome && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 p-3">
          <p className="min-w-0 flex-1">
            Your courier profile says you work in <span className="font-semibold">{home}</span>.
          </p>
          <Button size="sm" onClick={() => run({ kind: 'area', key: home, follow: true })} disabled={busy('area', home)}>
            Follow my home area ({home})
          </Button>
        </div>
      )}
      {tags.length === 0 && areas.length === 0 ? (
        <p className="text-muted">
          You don't follow any tags or areas yet. Follow one from its page: see{' '}
          <Link to="/tags" className="link">
            all tags
          </Link>{' '}
          and{' '}
          <Link to="/areas" className="link">
            active areas
          </Link>
          .
        </p>
      ) : (
        <ul aria-label="Followed tags and areas" className="grid gap-2">
          {tags.map((slug) => {
            const name = names.data?.get(slug) ?? slug;
            return (
              <Row key={`tag:${slug}`} icon="tag" href={`/tags/${encodeURIComponent(slug)}`} label={name} kind="Tag">
                <Button variant="secondary" size="sm" aria-label={`Unfollow ${name}`} disabled={busy('tag', slug)} onClick={() => run({ kind: 'tag', key: slug, follow: false })}>
                  Unfollow
                </Button>
              </Row>
            );
          })}
          {areas.map((code) => (
            <Row key={`area:${code}`} icon="area" href={`/areas/${encodeURIComponent(code)}`} label={code} kind="Postcode area">
              <Button variant="secondary" size="sm" aria-label={`Unfollow ${code}`} disabled={busy('area', code)} onClick={() => run({ kind: 'area', key: code, follow: false })}>
                Unfollow
              </Button>
            </Row>
          ))}
        </ul>
      )}
    </div>
  );
}

function Row({ icon, href, label, kind, children }: { icon: 'tag' | 'area'; href: string; label: string; kind: string; children: ReactNode }) {
  const Icon = icon === 'tag' ? Hash : MapPin;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-2.5">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted" />
      <span className="grid min-w-0 flex-1">
        <Link to={href} className="link font-semibold break-words">
          {label}
        </Link>
        <span className="text-sm text-muted">{kind}</span>
      </span>
      {children}
    </li>
  );
}
