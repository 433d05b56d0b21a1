import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminCategory, TCreateCategoryRequest, TUpdateCategoryRequest } from '@common/contracts/moderation';
import { api, apiRequest } from '@/lib/api-client';

const CATEGORIES_KEY = ['/api/admin/categories'] as const;
/** The forum's public category list, refreshed after every change. */
const PUBLIC_CATEGORIES_KEY = ['/api/forum/categories'] as const;

export const getAdminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: CATEGORIES_KEY,
    queryFn: ({ signal }) => api.get<TAdminCategory[]>('/api/admin/categories', { signal }),
    staleTime: 15_000,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
    void queryClient.invalidateQueries({ queryKey: PUBLIC_CATEGORIES_KEY });
    void queryClient.invalidateQueries({ queryKey: ['/api/forum/posts'] });
  };
}

export function useCreateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TCreateCategoryRequest) => api.post<TAdminCategory>('/api/admin/categories', input),
    onSuccess: refresh,
  });
}

export function useUpdateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TUpdateCategoryRequest & { id: number }) => api.patch<TAdminCategory>(`/api/admin/categories/${id}`, input),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/categories/order; the list shows the new order at once and rolls back on failure. */
export function useOrderCategories() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => api.put<TAdminCategory[]>('/api/admin/categories/order', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: CATEGORIES_KEY });
      const before = queryClient.getQueryData<TAdminCategory[]>(CATEGORIES_KEY);
      if (before) {
        const byId = new Map(before.map((c) => [c.id, c]));
        queryClient.setQueryData(
          CATEGORIES_KEY,
          ids.map((id, position) => ({ ...byId.get(id)!, position })),
        );
      }
      return { before };
    },
    onError: (_err, _ids, ctx) => {
      if (ctx?.before) queryClient.setQueryData(CATEGORIES_KEY, ctx.before);
    },
    onSettled: refresh,
  });
}

/** DELETE /api/admin/categories/:id, moving its posts to `moveTo` first when given. */
export function useDeleteCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: number }) =>
      apiRequest<{ message: string }>('DELETE', `/api/admin/categories/${id}`, moveTo ? { moveTo } : undefined),
    onSuccess: refresh,
  });
}
