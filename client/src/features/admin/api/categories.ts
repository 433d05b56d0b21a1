import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminCategory, TCreateCategoryRequest, TUpdateCategoryRequest } from '@common/contracts/moderation';
import { createCategory, deleteCategory, listAdminCategories, orderCategories, updateCategory } from '@endpoints/moderation';
import { listCategories } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { adminKeys } from './keys';

/** The forum's public list (the posts tool's Move menu): moderators use that tool too, and the admin list is admins' (issue 18). */
export const getCategoryChoicesQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.categories,
    queryFn: ({ signal }) => call(listCategories, {}, { signal }),
  });

export const getAdminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories,
    queryFn: ({ signal }) => call(listAdminCategories, {}, { signal }),
    staleTime: 15_000,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
    // The forum's category list and post lists show the change too.
    void queryClient.invalidateQueries({ queryKey: sharedKeys.categories });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.posts });
  };
}

export function useCreateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TCreateCategoryRequest) => call(createCategory, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TUpdateCategoryRequest & { id: number }) => call(updateCategory, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/categories/order; the list shows the new order at once and rolls back on failure. */
export function useOrderCategories() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => call(orderCategories, { body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.categories });
      const before = queryClient.getQueryData<TAdminCategory[]>(adminKeys.categories);
      if (before) {
        const byId = new Map(before.map((c) => [c.id, c]));
        queryClient.setQueryData(
          adminKeys.categories,
          ids.map((id, position) => ({ ...byId.get(id)!, position })),
        );
      }
      return { before };
    },
    onError: (_err, _ids, ctx) => {
      if (ctx?.before) queryClient.setQueryData(adminKeys.categories, ctx.before);
    },
    onSettled: refresh,
  });
}

/** DELETE /api/admin/categories/:id, moving its posts to `moveTo` first when given. */
export function useDeleteCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: number }) =>
      call(deleteCategory, { params: { id }, body: moveTo ? { moveTo } : undefined }),
    onSuccess: refresh,
  });
}
