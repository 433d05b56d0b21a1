import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTagRequest, TUpdateTagRequest } from '@common/contracts/labels';
import { createTag, deleteTag, listTags, updateTag } from '@endpoints/labels';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { adminKeys } from './keys';

// Issue 32: the tags posts carry (docs/API.md "Tags and areas"). The admin list is the public one (it
// has each tag's post count); a change refreshes it, the editor's picker, and the post lists that show tags.

export const getAdminTagsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.tags,
    queryFn: ({ signal }) => call(listTags, {}, { signal }),
    select: (data) => data.tags,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.tags });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.posts });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit.all });
  };
}

/** POST /api/admin/tags: 201 with the tag; 409 when its address is taken; 400 with field messages. */
export function useCreateTag() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TCreateTagRequest) => call(createTag, { body: input }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/tags/:id. */
export function useUpdateTag() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TUpdateTagRequest & { id: number }) => call(updateTag, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/tags/:id: the tag leaves every post that carried it. */
export function useDeleteTag() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(deleteTag, { params: { id } }),
    onSuccess: refresh,
  });
}
