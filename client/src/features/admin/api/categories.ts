import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminCategory, TCreateCategoryRequest, TUpdateCategoryRequest } from '@common/contracts/moderation';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { categoriesPath, categoryOrderPath, categoryPath } from './endpoints';
import { adminKeys } from './keys';

export const getAdminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories,
    queryFn: ({ signal }) => api.get<TAdminCategory[]>(categoriesPath, { signal }),
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
    mutationFn: (input: TCreateCategoryRequest) => api.post<TAdminCategory>(categoriesPath, input),
    onSuccess: refresh,
  });
}

export function useUpdateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TUpdateCategoryRequest & { id: number }) => api.patch<TAdminCategory>(categoryPath(id), input),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/categories/order; the list shows the new order at once and rolls back on failure. */
export function useOrderCategories() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => api.put<TAdminCategory[]>(categoryOrderPath, { ids }),
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
      api.delete<{ message: string }>(categoryPath(id), moveTo ? { moveTo } : undefined),
    onSuccess: refresh,
  });
}
