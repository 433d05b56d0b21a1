import { Check, CheckCheck, Clock, AlertCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/dates';
import { Time } from '@/components/ui/time';
import { ReportButton } from '@/components/report-button';
import { MentionText } from '@/components/mentions/mention-text';
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

type BubbleProps = {
  message: ChatMessage;
  mine: boolean;
  onRetry?: (clientMessageId: string) => void;
  /** Opens the full-screen viewer at this message's photo. */
  onOpenPhoto?: (message: ChatMessage) => void;
  /** The other member's name: their messages get a Report action (spec: members report messages to the admins). */
  reportAs?: string;
};

export function MessageBubble({ message, mine, onRetry, onOpenPhoto, reportAs }: BubbleProps) {
  const { photo } = message;
  const text = message.content.trim() ? message.content : '';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-message-id={String(message.id)}>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl text-base break-words whitespace-pre-wrap',
          photo ? 'p-1' : 'px-3 py-2',
          mine ? 'rounded-br-sm bg-primary text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
        )}
      >
        {photo && (
          <button
            type="button"
            className="block cursor-zoom-in overflow-hidden rounded-xl"
            aria-label="Open photo"
            onClick={() => onOpenPhoto?.(message)}
          >
            <img
              src={photo.src}
              srcSet={photo.srcset || undefined}
              sizes="240px"
              width={photo.width}
              height={photo.height}
              alt="Photo"
              loading="lazy"
              decoding="async"
              className="block h-auto max-h-80 w-60 max-w-full object-cover"
            />
          </button>
        )}
        {text && (
          <p className={cn(photo && 'px-2 pt-1')}>
            <MentionText text={text} />
          </p>
        )}
        <p className={cn('mt-1 flex items-center justify-end gap-1 text-xs', photo && 'px-2 pb-1', mine ? 'text-bar-muted' : 'text-slate-500')}>
          {reportAs && !mine && typeof message.id === 'number' && (
            <ReportButton
              targetType="message"
              targetId={message.id}
              targetLabel={`${reportAs}'s message`}
              compact
              className="mr-auto -ml-1.5"
            />
          )}
          <Time date={message.createdAt}>{formatTime(message.createdAt)}</Time>
          {mine && <MessageTick message={message} />}
        </p>
        {mine && message.failed && message.clientMessageId && onRetry && (
          <button type="button" className={cn('mt-1 min-h-11 text-sm font-semibold underline', photo && 'px-2')} onClick={() => onRetry(message.clientMessageId!)}>
            Not sent. Tap to retry
          </button>
        )}
      </div>
    </li>
  );
}
