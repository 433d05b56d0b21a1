import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTicketDetail, TTicketList, TTicketStatus } from '@common/contracts/support';
import { api, withQuery } from '@/lib/api-client';
import { ticketActionPath, ticketPath, ticketsPath } from './endpoints';
import { adminKeys } from './keys';

// Admin support desk (docs/API.md "Support").

export const getTicketsQueryOptions = (status: TTicketStatus, page = 1) =>
  queryOptions({
    queryKey: adminKeys.tickets.list(status, page),
    queryFn: ({ signal }) => api.get<TTicketList>(withQuery(ticketsPath, { status, page: page > 1 ? page : undefined }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const getTicketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.tickets.ticket(id),
    queryFn: ({ signal }) => api.get<TTicketDetail>(ticketPath(id), { signal }),
  });

export type TicketAction = { kind: 'reply' | 'notes'; body: string } | { kind: 'close' | 'reopen' };

/** Reply (mailed), note (internal), close, reopen: each answers the whole ticket. */
export function useTicketAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TicketAction) =>
      api.post<TTicketDetail>(ticketActionPath(id, action.kind), 'body' in action ? { body: action.body } : undefined),
    onSuccess: (ticket) => {
      queryClient.setQueryData(adminKeys.tickets.ticket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: adminKeys.tickets.lists });
    },
  });
}
