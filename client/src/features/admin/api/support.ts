import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTicketStatus } from '@common/contracts/support';
import { addTicketNote, closeTicket, getTicket, listTickets, reopenTicket, replyToTicket } from '@endpoints/support';
import { call } from '@/lib/api-client';
import { adminKeys } from './keys';

// Admin support desk (docs/API.md "Support").

export const getTicketsQueryOptions = (status: TTicketStatus, page = 1) =>
  queryOptions({
    queryKey: adminKeys.tickets.list(status, page),
    queryFn: ({ signal }) => call(listTickets, { query: { status, page: page > 1 ? page : undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const getTicketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.tickets.ticket(id),
    queryFn: ({ signal }) => call(getTicket, { params: { id } }, { signal }),
  });

export type TicketAction = { kind: 'reply' | 'notes'; body: string } | { kind: 'close' | 'reopen' };

/** Reply (mailed), note (internal), close, reopen: each answers the whole ticket. */
export function useTicketAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TicketAction) => {
      switch (action.kind) {
        case 'reply':
          return call(replyToTicket, { params: { id }, body: { body: action.body } });
        case 'notes':
          return call(addTicketNote, { params: { id }, body: { body: action.body } });
        case 'close':
          return call(closeTicket, { params: { id } });
        case 'reopen':
          return call(reopenTicket, { params: { id } });
      }
    },
    onSuccess: (ticket) => {
      queryClient.setQueryData(adminKeys.tickets.ticket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: adminKeys.tickets.lists });
    },
  });
}
