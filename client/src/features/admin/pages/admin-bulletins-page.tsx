import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TAdminBulletin } from '@common/contracts/bulletins';
import { visibilityLabel } from '@common/rules/bulletins';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { toast } from '@/components/ui/toast';
import { getAdminBulletinsQueryOptions, useCreateBulletin, useDeleteBulletin, useUpdateBulletin } from '../api/bulletins';
import { AdminItemRow } from '../components/admin-item-row';
import { AdminLayout } from '../components/admin-layout';
import { BulletinForm } from '../components/bulletin-form';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';

/** /admin/bulletins: the forum's bulletins, newest first; create, edit, switch on and off, delete. */
export function AdminBulletinsPage() {
  const list = useQuery(getAdminBulletinsQueryOptions());
  const create = useCreateBulletin();

  return (
    <AdminLayout title="Bulletins">
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="bulletin-list-title" className="grid content-start gap-3">
          <h2 id="bulletin-list-title" className="text-xl font-bold">
            All bulletins
          </h2>
          <p className="text-sm text-muted">
            Active bulletins show on the forum list, newest first. Members can dismiss one; it then stays hidden in their browser.
          </p>
          {list.isPending ? (
            <p role="status">Loading bulletins…</p>
          ) : list.isError ? (
            <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
              {errorMessage(list.error, 'Bulletins did not load.')}
            </p>
          ) : list.data.length === 0 ? (
            <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">No bulletins yet.</p>
          ) : (
            <ul className="grid gap-2">
              {list.data.map((b) => (
                <BulletinRow key={b.id} bulletin={b} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="new-bulletin-title" className="grid content-start gap-3 rounded-2xl border border-line bg-card p-4">
          <h2 id="new-bulletin-title" className="text-xl font-bold">
            New bulletin
          </h2>
          <BulletinForm
            submitLabel="Create bulletin"
            pending={create.isPending}
            onSubmit={(values) => create.mutateAsync(values).then(() => toast({ title: 'Bulletin created', variant: 'success' }))}
          />
        </section>
      </div>
    </AdminLayout>
  );
}

function BulletinRow({ bulletin: b }: { bulletin: TAdminBulletin }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateBulletin();
  const remove = useDeleteBulletin();
  const switchId = `bulletin-${b.id}-active`;

  const toggle = (isActive: boolean) =>
    update.mutate(
      { id: b.id, isActive },
      {
        onSuccess: () => toast({ title: isActive ? 'Bulletin shown' : 'Bulletin hidden', variant: 'success' }),
        onError: (err) => toast({ title: 'Bulletin not changed', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  const onDelete = () =>
    remove.mutate(b.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Bulletin deleted', variant: 'success' });
      },
      onError: (err) => toast({ title: 'Bulletin not deleted', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <AdminItemRow
      title={b.title}
      details={`${visibilityLabel(b.visibilityType)} · created ${formatDateTime(b.createdAt)}`}
      switchId={switchId}
      active={b.isActive}
      activeLabels={['Active', 'Off']}
      togglePending={update.isPending}
      onToggle={toggle}
      editing={editing}
      onEditingChange={setEditing}
      onDeleteClick={() => setConfirming(true)}
      body={<p className="text-sm break-words whitespace-pre-line">{b.message}</p>}
    >
      {editing && (
        <BulletinForm
          initial={b}
          submitLabel="Save changes"
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(values) =>
            update.mutateAsync({ id: b.id, ...values }).then(() => {
              setEditing(false);
              toast({ title: 'Bulletin saved', variant: 'success' });
            })
          }
        />
      )}
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this bulletin?"
        description={`“${b.title}” will be removed for everyone. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </AdminItemRow>
  );
}
