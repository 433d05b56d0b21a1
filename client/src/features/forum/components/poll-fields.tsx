import { useId, useRef, type Ref } from 'react';
import { ChartBar, Plus, X } from 'lucide-react';
import { POLL_OPEN_DAYS_MAX, POLL_OPEN_MINUTES_MIN, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_RESULTS, POLL_RESULTS_LABELS } from '@common/rules/polls';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { isoToLocalInput, NEW_POLL, NO_POLL, pollOptionsOf, type PostFormValues } from '../lib/post-form-values';
import { describedBy, FieldError } from '@/components/ui/field-error';

// Issue 33 in the new-post editor: "Add a poll" opens its section (the post's title is its question):
// 2 to 10 options, one choice or several, when the results show, and an optional closing time. The
// editor keeps the values (and the draft); this only shows and changes them.

type PollValues = Pick<PostFormValues, keyof typeof NO_POLL>;
export type PollField = 'poll' | 'pollOptions' | 'pollResults' | 'pollClosesAt';

type Props = {
  values: PollValues;
  onChange: (patch: Partial<PollValues>) => void;
  errors: Partial<Record<PollField, string>>;
  /** For the editor to focus a field with a message (a group: its first control with one). */
  refs: {
    poll: Ref<HTMLFieldSetElement>;
    pollOptions: Ref<HTMLFieldSetElement>;
    pollResults: Ref<HTMLSelectElement>;
    pollClosesAt: Ref<HTMLInputElement>;
  };
  /** Which options the contract refuses (empty, too long), marked while the options have a message. */
  invalidOptions?: (text: string) => boolean;
};

/** The closing times the picker offers: from an hour to 90 days from now (the server checks it again when sent). */
function closingRange(now = Date.now()) {
  return { min: isoToLocalInput(now + POLL_OPEN_MINUTES_MIN * 60_000), max: isoToLocalInput(now + POLL_OPEN_DAYS_MAX * 86_400_000) };
}

export function PollFields({ values, onChange, errors, refs, invalidOptions }: Props) {
  const id = useId();
  const addRef = useRef<HTMLDivElement>(null);
  const optionRefs = useRef<(HTMLInputElement | null)[]>([]);
  // Focus follows the reader's step: into the section when it opens, back to its button when it goes.
  const focusOption = (i: number) => requestAnimationFrame(() => optionRefs.current[i]?.focus());

  if (values.poll !== 'on') {
    return (
      <div ref={addRef}>
        <Button
          variant="secondary"
          onClick={() => {
            onChange(NEW_POLL);
            focusOption(0);
          }}
        >
          <ChartBar aria-hidden="true" className="size-5" />
          Add a poll
        </Button>
      </div>
    );
  }

  const options = pollOptionsOf(values);
  const full = options.length >= POLL_OPTIONS_MAX;
  const removable = options.length > POLL_OPTIONS_MIN;
  const setOptions = (next: string[]) => onChange({ pollOptions: next.join('\n') });
  const remove = (i: number) => {
    setOptions(options.filter((_, j) => j !== i));
    // The option that took its place, or the one before when it was the last.
    focusOption(Math.min(i, options.length - 2));
  };
  const add = () => {
    if (full) return;
    setOptions([...options, '']);
    focusOption(options.length);
  };
  const range = closingRange();

  return (
    <fieldset
      ref={refs.poll}
      aria-describedby={describedBy(`${id}-hint`, errors.poll && `${id}-error`)}
      className="grid min-w-0 gap-4 rounded-xl border-2 border-line p-3 sm:p-4"
    >
      <legend className="px-1 font-semibold">Poll</legend>
      <p id={`${id}-hint`} className="-mt-2 text-sm text-muted">
        Your title is the question. Voters are never named: only the counts show.
      </p>
      <FieldError id={`${id}-error`} message={errors.poll} />

      <fieldset
        ref={refs.pollOptions}
        aria-describedby={describedBy(`${id}-options-hint`, errors.pollOptions && `${id}-options-error`)}
        className="grid min-w-0 gap-3"
      >
        <legend className="mb-1 font-semibold">Options</legend>
        <p id={`${id}-options-hint`} aria-live="polite" className="-mt-1 text-sm text-muted">
          {full
            ? `${POLL_OPTIONS_MAX} options, the most a poll can have.`
            : `${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options, each at most ${POLL_OPTION_MAX} characters.`}
        </p>
        <ol className="grid gap-3">
          {options.map((text, i) => {
            const inputId = `${id}-option-${i}`;
            return (
              // By place: the options have no ids of their own, and a removed one's place is taken by the next.
              <li key={i} className="grid gap-1">
                <label htmlFor={inputId} className="text-sm font-semibold">
                  Option {i + 1}
                </label>
                <div className="flex items-center gap-2">
                  <input
                    ref={(el) => {
                      optionRefs.current[i] = el;
                    }}
                    id={inputId}
                    value={text}
                    // One option a line in the draft: a pasted line break must not split one in two.
                    onChange={(e) => setOptions(options.map((o, j) => (j === i ? e.target.value.replace(/\n/g, ' ') : o)))}
                    onKeyDown={(e) => {
                      // Enter in the last option adds the next, as a list is typed; elsewhere it would publish the post.
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      if (i === options.length - 1) add();
                      else focusOption(i + 1);
                    }}
                    maxLength={POLL_OPTION_MAX + 20}
                    autoComplete="off"
                    aria-invalid={errors.pollOptions && invalidOptions?.(text) ? true : undefined}
                    aria-describedby={errors.pollOptions ? `${id}-options-error` : undefined}
                    className={cn(inputClasses, 'min-w-0 flex-1')}
                  />
                  {removable && (
                    <button
                      type="button"
                      aria-label={`Remove option ${i + 1}`}
                      onClick={() => remove(i)}
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-surface"
                    >
                      <X aria-hidden="true" className="size-5" />
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        <FieldError id={`${id}-options-error`} message={errors.pollOptions} />
        <div>
          <Button variant="secondary" size="sm" onClick={add} disabled={full}>
            <Plus aria-hidden="true" className="size-4" />
            Add an option
          </Button>
        </div>
      </fieldset>

      <label className="flex min-h-11 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          checked={values.pollMultiple === 'on'}
          onChange={(e) => onChange({ pollMultiple: e.target.checked ? 'on' : '' })}
          className="size-5 shrink-0 accent-brand-800"
        />
        Let voters choose more than one option
      </label>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1.5">
          <label htmlFor={`${id}-results`} className="font-semibold">
            Show results
          </label>
          <select
            ref={refs.pollResults}
            id={`${id}-results`}
            value={values.pollResults}
            onChange={(e) => onChange({ pollResults: e.target.value })}
            aria-invalid={errors.pollResults ? true : undefined}
            aria-describedby={errors.pollResults ? `${id}-results-error` : undefined}
            className={inputClasses}
          >
            {POLL_RESULTS.map((r) => (
              <option key={r} value={r}>
                {POLL_RESULTS_LABELS[r]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-results-error`} message={errors.pollResults} />
        </div>

        <div className="grid min-w-0 gap-1.5">
          <label htmlFor={`${id}-closes`} className="font-semibold">
            Closes <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            ref={refs.pollClosesAt}
            id={`${id}-closes`}
            type="datetime-local"
            value={values.pollClosesAt}
            min={range.min}
            max={range.max}
            onChange={(e) => onChange({ pollClosesAt: e.target.value })}
            aria-invalid={errors.pollClosesAt ? true : undefined}
            aria-describedby={describedBy(`${id}-closes-hint`, errors.pollClosesAt && `${id}-closes-error`)}
            className={inputClasses}
          />
          <p id={`${id}-closes-hint`} className="text-sm text-muted">
            Between an hour and {POLL_OPEN_DAYS_MAX} days from now. Leave it empty to keep the poll open until you close it.
          </p>
          <FieldError id={`${id}-closes-error`} message={errors.pollClosesAt} />
        </div>
      </div>

      <div>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-800 hover:bg-red-50"
          onClick={() => {
            onChange(NO_POLL);
            requestAnimationFrame(() => addRef.current?.querySelector('button')?.focus());
          }}
        >
          <X aria-hidden="true" className="size-4" />
          Remove poll
        </Button>
      </div>
    </fieldset>
  );
}
