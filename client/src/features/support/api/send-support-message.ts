import { useMutation } from '@tanstack/react-query';
import type { TSupportRequest, TSupportResponse } from '@common/contracts/support';
import { api } from '@/lib/api-client';
import { supportPath } from './endpoints';

/** POST /api/support: 201 {id, message}; 400 field messages; 429 after 5 messages an hour. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: TSupportRequest) => api.post<TSupportResponse>(supportPath, input),
  });
}
