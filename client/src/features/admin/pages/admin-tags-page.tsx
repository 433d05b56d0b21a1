import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import type { TTag } from '@common/contracts/labels';
import { LABEL_MSG, TAG_KIND_LABELS, TAG_KINDS } from '@common/rules/labels';
import { Link } from '@/lib/router';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { getAdminTagsQueryOptions, useCreateTag, useDeleteTag, useUpdateTag } from '../api/tags';
import { AdminLayout } from '../components/admin-layout';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';
import { TagForm } from '../components/tag-form';

/**
 * /admin/tags (admins, issue 32): the tags members put on posts, networks then topics, each with its
 * address and post count; create, edit in place, delete (it leaves every post that carried it). Audited.
 */
export function AdminTagsPage() {
  const list = useQuery(getAdminTagsQueryOptions());
  const create = useCreateTag();

  return (
    <AdminLayout title="Tags">
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="tag-list-title" className="grid content-start gap-3">
          <h2 id="tag-list-title" className="text-xl font-bold">
            Tags
          </h2>
          <p className="text-sm text-muted">A post carries up to three. Members follow them to hear of new posts.</p>
          {list.isPending ? (
            <p role="status">Loading tags…</p>
          ) : list.isError ? (
            <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
              {errorMessage(list.error, 'Tags did not load.')}
            </p>
          ) : list.data.length === 0 ? (
            <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">No tags yet. Create the first one.</p>
          ) : (
            TAG_KINDS.map((kind) => {
              const tags = list.data.filter((t) => t.kind === kind);
              if (tags.length === 0) return null;
              return (
                <section key={kind} aria-labelledby={`tags-${kind}`} className="grid gap-2">
                  <h3 id={`tags-${kind}`} className="font-bold text-muted">
                    {TAG_KIND_LABELS[kind]} ({tags.length})
                  </h3>
                  <ul className="grid gap-2">
                    {tags.map((t) => (
                      <TagRow key={t.id} tag={t} />
                    ))}
                  </ul>
                </section>
              );
            })
          )}
        </section>
        <section aria-labelledby="new-tag-title" className="grid content-start gap-3 rounded-2xl border border-line bg-card p-4">
          <h2 id="new-tag-title" className="text-xl font-bold">
            New tag
          </h2>
          <TagForm
            submitLabel="Create tag"
            pending={create.isPending}
            onSubmit={(values) => create.mutateAsync(values).then((t) => toast({ title: `${LABEL_MSG.tagCreated}: ${t.name}`, variant: 'success' }))}
          />
        </section>
      </div>
    </AdminLayout>
  );
}

function TagRow({ tag }: { tag: TTag }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateTag();
  const remove = useDeleteTag();

  const onDelete = () =>
    remove.mutate(tag.id, {
      onSuccess: (r) => {
        setConfirming(false);
        toast({ title: r.message, variant: 'success' });
      },
      onError: (err) => toast({ title: 'Tag not deleted', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <li>
      <article aria-label={tag.name} className="grid gap-3 rounded-xl border border-line bg-card p-3">
        <div className="flex flex-wrap items-center gap-3">
          <div className="grid min-w-0 flex-1">
            <h4 className="font-bold break-words">{tag.name}</h4>
            <p className="text-sm text-muted">
              <Link to={`/tags/${encodeURIComponent(tag.slug)}`} className="link">
                /tags/{tag.slug}
              </Link>{' '}
              · {plural(tag.postCount, 'post', 'posts')}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="ghost" aria-expanded={editing} aria-label={`Edit ${tag.name}`} onClick={() => setEditing(!editing)}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Button>
            <Button size="sm" variant="ghost" className="text-red-800 hover:bg-red-50" aria-label={`Delete ${tag.name}`} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete
            </Button>
          </div>
        </div>
        {tag.description && <p className="text-sm">{tag.description}</p>}

        {editing && (
          <TagForm
            initial={tag}
            submitLabel="Save changes"
            pending={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(values) =>
              update.mutateAsync({ id: tag.id, ...values }).then(() => {
                setEditing(false);
                toast({ title: LABEL_MSG.tagUpdated, variant: 'success' });
              })
            }
          />
        )}
      </article>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the tag ${tag.name}?`}
        description={`This removes it from every post that carries it (${plural(tag.postCount, 'post', 'posts')}); the posts themselves stay. Members who follow it stop hearing of new posts. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </li>
  );
}
