import { Check, CheckCheck, Clock, AlertCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { tickState, type ChatMessage } from '../lib/messages';

const TICK_LABEL = { pending: 'Sending', failed: 'Not sent', sent: 'Sent', delivered: 'Delivered', read: 'Read' } as const;

/** Spec §4 ticks: sent (faint tick), delivered (tick), read (double tick, green). */
export function MessageTick({ message }: { message: ChatMessage }) {
  const t = tickState(message);
  const label = TICK_LABEL[t];
  const cls = 'size-4';
  return (
    <span role="img" aria-label={label} title={label} data-tick={t} className="inline-flex">
      {t === 'pending' && <Clock aria-hidden="true" className={cn(cls, 'opacity-60')} />}
      {t === 'failed' && <AlertCircle aria-hidden="true" className={cn(cls, 'text-red-300')} />}
      {t === 'sent' && <Check aria-hidden="true" className={cn(cls, 'opacity-50')} />}
      {t === 'delivered' && <Check aria-hidden="true" className={cls} />}
      {t === 'read' && <CheckCheck aria-hidden="true" className={cn(cls, 'text-green-300')} />}
    </span>
  );
}

const timeOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
};

export function MessageBubble({ message, mine, onRetry }: { message: ChatMessage; mine: boolean; onRetry?: (clientMessageId: string) => void }) {
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-message-id={String(message.id)}>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-base break-words whitespace-pre-wrap',
          mine ? 'rounded-br-sm bg-brand-800 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
        )}
      >
        <p>{message.content}</p>
        <p className={cn('mt-1 flex items-center justify-end gap-1 text-xs', mine ? 'text-brand-100' : 'text-slate-500')}>
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
          {mine && <MessageTick message={message} />}
        </p>
        {mine && message.failed && message.clientMessageId && onRetry && (
          <button type="button" className="mt-1 min-h-11 text-sm font-semibold underline" onClick={() => onRetry(message.clientMessageId!)}>
            Not sent. Tap to retry
          </button>
        )}
      </div>
    </li>
  );
}
