import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { TAdminAdSlot } from '@common/contracts/ads';
import { adMaximum } from '@common/rules/ads';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { getAdminAdsQueryOptions, useCreateAd, useDeleteAd, useUpdateAd } from '../api/ads';
import { AdForm } from '../components/ad-form';
import { AdminItemRow } from '../components/admin-item-row';
import { AdminLayout } from '../components/admin-layout';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';

const TYPE_NAMES = { adsense: 'AdSense', custom: 'Custom HTML', native: 'Native card' } as const;
const DEVICE_NAMES = { any: 'any device', mobile: 'mobile only', desktop: 'desktop only' } as const;

/** /admin/ads: the ad slots by location and position; create, edit with a live preview, enable, delete. */
export function AdminAdsPage() {
  const list = useQuery(getAdminAdsQueryOptions());
  const create = useCreateAd();
  const [creating, setCreating] = useState(false);

  const byLocation = new Map<string, TAdminAdSlot[]>();
  for (const ad of list.data ?? []) byLocation.set(ad.location, [...(byLocation.get(ad.location) ?? []), ad]);

  return (
    <AdminLayout
      title="Ads"
      actions={
        !creating && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-5" /> New ad
          </Button>
        )
      }
    >
      <p className="text-sm text-muted">
        Members&apos; browsers keep the ads of a location for up to 5 minutes, so a change can take that long to reach everyone.
      </p>
      {creating && (
        <section aria-labelledby="new-ad-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4">
          <h2 id="new-ad-title" className="text-xl font-bold">
            New ad
          </h2>
          <AdForm
            submitLabel="Create ad"
            pending={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(values) =>
              create.mutateAsync(values).then(() => {
                setCreating(false);
                toast({ title: 'Ad created', variant: 'success' });
              })
            }
          />
        </section>
      )}
      {list.isPending ? (
        <p role="status">Loading ads…</p>
      ) : list.isError ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
          {errorMessage(list.error, 'Ads did not load.')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">No ads yet.</p>
      ) : (
        [...byLocation].map(([location, ads]) => (
          <section key={location} aria-labelledby={`ads-${location}`} className="grid gap-2">
            <h2 id={`ads-${location}`} className="text-xl font-bold">
              {location}{' '}
              <span className="text-sm font-normal text-muted">(at most {adMaximum(location)} shown at once, lowest position first)</span>
            </h2>
            <ul className="grid gap-2">
              {ads.map((ad) => (
                <AdRow key={ad.id} ad={ad} />
              ))}
            </ul>
          </section>
        ))
      )}
    </AdminLayout>
  );
}

function AdRow({ ad }: { ad: TAdminAdSlot }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateAd();
  const remove = useDeleteAd();
  const label = ad.name || ad.title || `${TYPE_NAMES[ad.adType]} #${ad.id}`;
  const switchId = `ad-${ad.id}-active`;

  const toggle = (isActive: boolean) =>
    update.mutate(
      { id: ad.id, isActive },
      {
        onSuccess: () => toast({ title: isActive ? 'Ad enabled' : 'Ad disabled', variant: 'success' }),
        onError: (err) => toast({ title: 'Ad not changed', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  const onDelete = () =>
    remove.mutate(ad.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Ad deleted', variant: 'success' });
      },
      onError: (err) => toast({ title: 'Ad not deleted', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <AdminItemRow
      title={label}
      details={
        <>
          {TYPE_NAMES[ad.adType]} · position {ad.position} · {DEVICE_NAMES[ad.deviceTarget]}
          {ad.width && ad.height ? ` · ${ad.width}×${ad.height}` : ''}
          {ad.isResponsive ? ' · responsive' : ''}
        </>
      }
      switchId={switchId}
      active={ad.isActive}
      activeLabels={['Enabled', 'Disabled']}
      togglePending={update.isPending}
      onToggle={toggle}
      editing={editing}
      onEditingChange={setEditing}
      onDeleteClick={() => setConfirming(true)}
    >
      {editing && (
        <AdForm
          initial={ad}
          submitLabel="Save changes"
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(values) =>
            update.mutateAsync({ id: ad.id, ...values }).then(() => {
              setEditing(false);
              toast({ title: 'Ad saved', variant: 'success' });
            })
          }
        />
      )}
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this ad?"
        description={`“${label}” will stop showing and be removed. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </AdminItemRow>
  );
}
