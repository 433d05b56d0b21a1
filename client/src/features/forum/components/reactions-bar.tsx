import { cn } from '@/lib/cn';
import { topReactions, type ReactionSummary } from '../lib/reaction-summary';
import { ReactionPicker } from './reaction-picker';
import { formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';

type Props = {
  summary: ReactionSummary | undefined;
  /** The reader's own emoji on this post or comment: drawn pressed. */
  mine: readonly string[];
  onToggle: (emoji: string) => void;
  /** What the reactions are on, for screen readers. */
  label: string;
  size?: 'md' | 'sm';
  className?: string;
};

/** Spec §9: the top 10 reactions by count as chips (tap to add or take back yours), and the picker. */
export function ReactionsBar({ summary, mine, onToggle, label, size = 'md', className }: Props) {
  const chips = topReactions(summary, mine);
  // Maintenance: the counts stay, the chips and the picker rest (their title says why).
  const readOnly = useReadOnly();
  return (
    <div role="group" aria-label={label} className={cn('relative flex flex-wrap items-center gap-1.5', className)}>
      {chips.map((chip) => (
        <button
          key={chip.emoji}
          type="button"
          aria-pressed={chip.mine}
          aria-label={`${chip.name}, ${formatNumber(chip.count)} ${chip.count === 1 ? 'reaction' : 'reactions'}`}
          title={readOnly ?? (chip.mine ? `${chip.name}: tap to take yours back` : chip.name)}
          disabled={!!readOnly}
          onClick={() => onToggle(chip.emoji)}
          // Its look is in index.css (.reaction-chip): on every comment; the reader's own is aria-pressed.
          className={size === 'md' ? 'reaction-chip' : 'reaction-chip reaction-chip-sm'}
        >
          <span aria-hidden="true" className={size === 'md' ? 'text-lg' : 'text-base'}>
            {chip.emoji}
          </span>
          <span aria-hidden="true">{formatNumber(chip.count)}</span>
        </button>
      ))}
      <ReactionPicker mine={mine} onPick={onToggle} size={size} disabledReason={readOnly} />
    </div>
  );
}
