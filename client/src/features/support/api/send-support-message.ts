import { useMutation } from '@tanstack/react-query';
import type { TSupportRequest } from '@common/contracts/support';
import { sendSupportMessage } from '@endpoints/support';
import { call } from '@/lib/api-client';

/** POST /api/support: 201 {id, message}; 400 field messages; 429 after 5 messages an hour. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (input: TSupportRequest) => call(sendSupportMessage, { body: input }),
  });
}
