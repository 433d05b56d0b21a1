import { useId } from 'react';
import type { TAnonymousRequest } from '@common/contracts/forum';
import { anonymousLabel } from '@common/rules/anonymous';
import { courierNetworkName } from '@common/rules/courier';
import type { AnonymousOffer } from '../api/anonymous-voice';

// Issue 32, a protected voice (ADR 0022): "Post anonymously" in the post editor and the comment box,
// which parts of the label to show, and the label itself as readers will see it.

/** What the writer chose: anonymous or not, and which parts of their label to show. */
export type AnonymousChoiceValue = { on: boolean; network: boolean; area: boolean };

export const NO_ANONYMOUS_CHOICE: AnonymousChoiceValue = { on: false, network: false, area: false };

/** The choice's words (e2e specs read them too). */
export const ANONYMOUS_CHOICE_TEXT = {
  post: 'Post anonymously',
  reply: 'Reply anonymously',
  hint: 'Your username, avatar and profile are not shown with it. Only an admin can find out who wrote it, and must record why.',
  network: (slug: string) => `Show my verified network (${courierNetworkName(slug)})`,
  area: (area: string) => `Show my area (${area})`,
  preview: 'Readers will see:',
  error: "Couldn't check whether you can post anonymously.",
} as const;

/** The parts of the label the choice shows, as far as the writer's voice has them. */
const partsOf = (choice: AnonymousChoiceValue, voice: { network: string | null; area: string | null }) => ({
  network: choice.network ? voice.network : null,
  area: choice.area ? voice.area : null,
});

/**
 * What the server is sent: nothing unless chosen, and nothing once it is known to be closed (a category
 * that takes none, a member not yet trusted: the choice is not on screen then). While the offer is still
 * unknown (offline, kept for later) the choice goes as it is, for the server to judge: never dropped
 * unseen. A part goes only where the writer's voice has it, as the preview shows.
 */
export function anonymousRequest(choice: AnonymousChoiceValue, offer: AnonymousOffer): TAnonymousRequest | undefined {
  if (!choice.on || offer.state === 'unavailable' || offer.state === 'closed') return undefined;
  if (offer.state !== 'open') return { network: choice.network, area: choice.area };
  const parts = partsOf(choice, offer.voice);
  return { network: parts.network !== null, area: parts.area !== null };
}

type Props = {
  offer: AnonymousOffer;
  value: AnonymousChoiceValue;
  onChange: (value: AnonymousChoiceValue) => void;
  kind: 'post' | 'reply';
  disabled?: boolean;
};

/**
 * The writer's choice, when the category allows anonymity and they may use it; why not, when they may
 * not yet (trust level 2). Nothing at all where the category takes no anonymous posts.
 */
export function AnonymousChoice({ offer, value, onChange, kind, disabled }: Props) {
  const id = useId();
  if (offer.state === 'closed') {
    return offer.message ? (
      <p data-testid="anonymous-closed" className="text-sm text-muted">
        {offer.message}
      </p>
    ) : null;
  }
  if (offer.state === 'error') {
    return (
      <p className="text-sm text-muted">
        {ANONYMOUS_CHOICE_TEXT.error}{' '}
        <button type="button" className="link" onClick={offer.retry}>
          Try again
        </button>
      </p>
    );
  }
  if (offer.state !== 'open') return null;
  const { voice } = offer;
  const set = (part: Partial<AnonymousChoiceValue>) => onChange({ ...value, ...part });
  const box = 'size-5 shrink-0 accent-brand-800';
  return (
    <div data-testid="anonymous-choice" className="grid gap-2 rounded-xl border border-line bg-surface p-3">
      <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <input
          type="checkbox"
          checked={value.on}
          disabled={disabled}
          onChange={(e) => set({ on: e.target.checked })}
          aria-describedby={`${id}-hint`}
          className={box}
        />
        {kind === 'post' ? ANONYMOUS_CHOICE_TEXT.post : ANONYMOUS_CHOICE_TEXT.reply}
      </label>
      <p id={`${id}-hint`} className="-mt-2 text-sm text-muted">
        {ANONYMOUS_CHOICE_TEXT.hint}
      </p>
      {value.on && (
        <div className="grid gap-1 sm:pl-7">
          {voice.network && (
            <label className="flex min-h-11 cursor-pointer items-center gap-2">
              <input type="checkbox" checked={value.network} disabled={disabled} onChange={(e) => set({ network: e.target.checked })} className={box} />
              {ANONYMOUS_CHOICE_TEXT.network(voice.network)}
            </label>
          )}
          {voice.area && (
            <label className="flex min-h-11 cursor-pointer items-center gap-2">
              <input type="checkbox" checked={value.area} disabled={disabled} onChange={(e) => set({ area: e.target.checked })} className={box} />
              {ANONYMOUS_CHOICE_TEXT.area(voice.area)}
            </label>
          )}
          <p data-testid="anonymous-preview" aria-live="polite" className="text-sm">
            {ANONYMOUS_CHOICE_TEXT.preview} <strong className="font-semibold">{anonymousLabel(partsOf(value, voice))}</strong>
          </p>
        </div>
      )}
    </div>
  );
}
