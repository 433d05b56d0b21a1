import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRef, useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { insertMention, mentionQueryAt, splitMentions } from '@/lib/mentions';
import { MentionSlot } from './mention-slot';

// Issue 18: the composers' @autocomplete, through the slot every composer renders (lazy, armed on focus).
// The suggestions call is answered here; the list and its keyboard are the real ones.

const MEMBERS = [
  { id: 1, username: 'adam_w', avatar: 'van' },
  { id: 2, username: 'Adele', avatar: 'car' },
  { id: 3, username: 'mad_dog', avatar: 'bike' },
];

function stubSuggestions() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      asked.push(q);
      const members = MEMBERS.filter((m) => m.username.toLowerCase().includes(q.toLowerCase()));
      return new Response(JSON.stringify({ members }), { status: 200 });
    }),
  );
  return asked;
}

/** A composer as the real ones are: a controlled textarea and its Send on Enter (the chat's). */
function Composer({ onEnter }: { onEnter: () => void }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <label htmlFor="c">Message</label>
      <textarea
        id="c"
        ref={box}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) onEnter();
        }}
      />
      <MentionSlot target={box} setText={setText} />
    </>
  );
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>('Message');

function setup() {
  const asked = stubSuggestions();
  const onEnter = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<Composer onEnter={onEnter} />);
  return { asked, onEnter, user };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mention text helpers', () => {
  it('finds the name typed at the caret, not in an e-mail address nor mid-word', () => {
    expect(mentionQueryAt('hi @ad', 6)).toEqual({ start: 3, end: 6, query: 'ad' });
    expect(mentionQueryAt('@a', 2)).toEqual({ start: 0, end: 2, query: 'a' });
    expect(mentionQueryAt('hi @', 4)).toBeNull();
    expect(mentionQueryAt('me@ad', 5)).toBeNull();
    expect(mentionQueryAt('hi @adam', 6)).toBeNull(); // the caret is inside the name
  });

  it('inserts "@username " with one space, the caret after it', () => {
    expect(insertMention('hi @ad there', { start: 3, end: 6, query: 'ad' }, 'adam_w')).toEqual({ text: 'hi @adam_w there', caret: 11 });
    expect(insertMention('@ad', { start: 0, end: 3, query: 'ad' }, 'Adele')).toEqual({ text: '@Adele ', caret: 7 });
  });

  it('splits text into text and mentions, dropping nothing', () => {
    expect(splitMentions('ask @bob, a@bob or @<b>')).toEqual([
      { t: 'text', v: 'ask ' },
      { t: 'mention', username: 'bob' },
      { t: 'text', v: ', a@bob or @<b>' },
    ]);
  });
});

describe('MentionAutocomplete', () => {
  it('"@ad" lists matching members; ↓ moves, Enter inserts at the caret and does not send', async () => {
    const { user, onEnter, asked } = setup();
    await user.click(box());
    await user.type(box(), 'Ask @ad');
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(asked).toEqual(['ad']); // debounced: one call for the name, not one per key
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@adam_w', '@Adele', '@mad_dog']);
    // The box is the combobox while the list shows, its first option active.
    const combo = screen.getByRole('combobox');
    expect(combo).toBe(box());
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    expect(combo.getAttribute('aria-controls')).toBe(list.id);
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);

    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}'); // wraps round to the last
    expect(screen.getAllByRole('option')[2]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(box().value).toBe('Ask @adam_w '));
    expect(onEnter).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(box()); // a plain text box again
    await waitFor(() => expect(box().selectionStart).toBe('Ask @adam_w '.length));
    // Enter with no list open is the composer's again.
    await user.keyboard('{Enter}');
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('Tab inserts too; Escape closes until the name changes', async () => {
    const { user } = setup();
    await user.click(box());
    await user.type(box(), '@ade');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box(), 'l');
    await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@Adele']);
    await user.keyboard('{Tab}');
    await waitFor(() => expect(box().value).toBe('@Adele '));
    expect(document.activeElement).toBe(box());
  });

  it('a tap on an option inserts it, replacing only the name typed', async () => {
    const { user } = setup();
    await user.click(box());
    await user.type(box(), 'hi @mad and more');
    // Back to just after "@mad".
    box().setSelectionRange(7, 7);
    await user.type(box(), '_', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    await user.click(await screen.findByRole('option', { name: /mad_dog/ }));
    await waitFor(() => expect(box().value).toBe('hi @mad_dog and more'));
  });

  it('no list for a name nobody has, nor for a lone "@"', async () => {
    const { user, asked } = setup();
    await user.click(box());
    await user.type(box(), 'email me @ ');
    await user.type(box(), '@zzz');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(asked).toEqual(['zzz']);
  });
});
