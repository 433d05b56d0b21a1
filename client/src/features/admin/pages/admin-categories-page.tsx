import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import type { TAdminCategory } from '@common/contracts/moderation';
import { ANONYMOUS_TRUST_LEVEL } from '@common/rules/anonymous';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { getAdminCategoriesQueryOptions, useCreateCategory, useDeleteCategory, useOrderCategories, useUpdateCategory } from '../api/categories';
import { AdminLayout } from '../components/admin-layout';
import { CategoryForm } from '../components/category-form';

/** /admin/categories: the forum's categories in order, with post counts; create, edit, reorder, delete. */
export function AdminCategoriesPage() {
  const list = useQuery(getAdminCategoriesQueryOptions());
  const create = useCreateCategory();
  const order = useOrderCategories();

  const move = (index: number, by: -1 | 1) => {
    const ids = (list.data ?? []).map((c) => c.id);
    const j = index + by;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j], ids[index]];
    order.mutate(ids, { onError: (err) => toast({ title: 'Order not saved', description: errorMessage(err), variant: 'destructive' }) });
  };

  return (
    <AdminLayout title="Categories">
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="category-list-title" className="grid content-start gap-3">
          <h2 id="category-list-title" className="text-xl font-bold">
            In forum order
          </h2>
          {list.isPending ? (
            <p role="status">Loading categories…</p>
          ) : list.isError ? (
            <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
              {errorMessage(list.error, 'Categories did not load.')}
            </p>
          ) : (
            <ol className="grid gap-2">
              {list.data.map((c, i) => (
                <CategoryRow
                  key={c.id}
                  category={c}
                  others={list.data.filter((o) => o.id !== c.id)}
                  first={i === 0}
                  last={i === list.data.length - 1}
                  ordering={order.isPending}
                  onMove={(by) => move(i, by)}
                />
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="new-category-title" className="grid content-start gap-3 rounded-2xl border border-line bg-card p-4">
          <h2 id="new-category-title" className="text-xl font-bold">
            New category
          </h2>
          <CategoryForm
            submitLabel="Create category"
            pending={create.isPending}
            onSubmit={(values) => create.mutateAsync(values).then((c) => toast({ title: `Category “${c.name}” created`, variant: 'success' }))}
          />
        </section>
      </div>
    </AdminLayout>
  );
}

type RowProps = {
  category: TAdminCategory;
  others: TAdminCategory[];
  first: boolean;
  last: boolean;
  ordering: boolean;
  onMove: (by: -1 | 1) => void;
};

function CategoryRow({ category, others, first, last, ordering, onMove }: RowProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [moveTo, setMoveTo] = useState('');
  const moveId = useId();
  const hasPosts = category.postCount > 0;

  const onDelete = () =>
    remove.mutate(
      { id: category.id, moveTo: moveTo ? Number(moveTo) : undefined },
      {
        onSuccess: () => toast({ title: `Category “${category.name}” deleted`, variant: 'success' }),
        onError: (err) => toast({ title: 'Category not deleted', description: errorMessage(err), variant: 'destructive' }),
      },
    );

  return (
    <li>
      <article aria-label={category.name} className="grid gap-3 rounded-xl border border-line bg-card p-3">
        <div className="flex flex-wrap items-center gap-3">
          <span aria-hidden="true" className="size-4 shrink-0 rounded-full" style={{ backgroundColor: category.color }} />
          <div className="grid min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2">
              <h3 className="font-bold break-words">{category.name}</h3>
              {/* Issue 33: replies can be accepted as a question's answer here. */}
              {category.isQa && (
                <span title="Q&A: members can mark a reply as the answer" className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                  Q&amp;A
                </span>
              )}
              {/* Issue 32: trusted members may post and reply here anonymously. */}
              {category.allowAnonymous && (
                <span title={`Anonymous posts allowed (trust level ${ANONYMOUS_TRUST_LEVEL} and up)`} className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-ink">
                  Anonymous
                </span>
              )}
            </div>
            <p className="text-sm text-muted">
              /{category.slug} · {plural(category.postCount, 'post', 'posts')}
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="ghost" aria-label={`Move ${category.name} up`} disabled={first || ordering} onClick={() => onMove(-1)}>
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Move ${category.name} down`} disabled={last || ordering} onClick={() => onMove(1)}>
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button size="sm" variant="ghost" aria-expanded={mode === 'edit'} onClick={() => setMode(mode === 'edit' ? 'view' : 'edit')}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-800 hover:bg-red-50"
              aria-expanded={mode === 'delete'}
              onClick={() => setMode(mode === 'delete' ? 'view' : 'delete')}
            >
              <Trash2 aria-hidden="true" className="size-4" /> Delete
            </Button>
          </div>
        </div>
        {category.description && <p className="text-sm">{category.description}</p>}

        {mode === 'edit' && (
          <CategoryForm
            initial={category}
            submitLabel="Save changes"
            pending={update.isPending}
            onCancel={() => setMode('view')}
            onSubmit={(values) =>
              update.mutateAsync({ id: category.id, ...values, slug: values.slug ?? category.slug }).then(() => {
                setMode('view');
                toast({ title: 'Category saved', variant: 'success' });
              })
            }
          />
        )}

        {mode === 'delete' && (
          <div className="grid gap-2 rounded-lg border-l-4 border-red-700 bg-red-50 p-3">
            {hasPosts ? (
              <>
                <p className="font-semibold">
                  {category.name} has {plural(category.postCount, 'post', 'posts')}. Move them to another category to delete it.
                </p>
                <label htmlFor={moveId} className="text-sm font-semibold">
                  Move posts to
                </label>
                <select id={moveId} value={moveTo} onChange={(e) => setMoveTo(e.target.value)} className={inputClasses}>
                  <option value="">Choose a category…</option>
                  {others.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <p className="font-semibold">Delete {category.name}? It has no posts.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="danger" disabled={remove.isPending || (hasPosts && !moveTo)} onClick={onDelete}>
                {hasPosts ? 'Move posts and delete' : 'Delete category'}
              </Button>
              <Button size="sm" variant="secondary" disabled={remove.isPending} onClick={() => setMode('view')}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </article>
    </li>
  );
}
