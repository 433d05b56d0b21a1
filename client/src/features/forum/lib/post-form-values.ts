import type { TPost } from '@common/contracts/forum';
import type { TPollRequest } from '@common/contracts/polls';
import { POLL_OPTIONS_MIN, POLL_RESULTS, POLL_RESULTS_DEFAULT } from '@common/rules/polls';

// The post editor's values, kept apart from the editor: the post page builds an edit's starting values
// without loading the editor (it is fetched only when Edit is tapped), and /forum/new turns a refused
// offline post back into them.

/**
 * The form's values as typed (the category as the select gives it). A draft keeps strings only, so the
 * lists are comma-joined (tag slugs and postcode areas hold no commas) and the switches (alert, and issue
 * 32's anonymity and the parts of its label) are 'on' or ''. An empty `alertHours` is the default (24 hours).
 * Issue 33's poll: `pollOptions` one option a line (a text field holds no line breaks), `pollClosesAt` as
 * the datetime-local field gives it (the device's clock; empty: open until closed by hand).
 */
export type PostFormValues = {
  title: string;
  categoryId: string;
  content: string;
  tags: string;
  areas: string;
  alert: string;
  alertKind: string;
  alertPlace: string;
  alertHours: string;
  anonymous: string;
  anonymousNetwork: string;
  anonymousArea: string;
  poll: string;
  pollOptions: string;
  pollMultiple: string;
  pollResults: string;
  pollClosesAt: string;
};

/** Not anonymous: what a category that takes no anonymous posts leaves of the choice. */
export const NOT_ANONYMOUS = { anonymous: '', anonymousNetwork: '', anonymousArea: '' } as const;

/** No poll (issue 33): the editor's section closed, and what "Remove poll" leaves. */
export const NO_POLL = { poll: '', pollOptions: '', pollMultiple: '', pollResults: '', pollClosesAt: '' } as const;

/** A poll just added: its two empty options, the default of when results show. */
export const NEW_POLL = { ...NO_POLL, poll: 'on', pollOptions: '\n'.repeat(POLL_OPTIONS_MIN - 1), pollResults: POLL_RESULTS_DEFAULT } as const;

export const EMPTY_POST: PostFormValues = {
  title: '',
  categoryId: '',
  content: '',
  tags: '',
  areas: '',
  alert: '',
  alertKind: '',
  alertPlace: '',
  alertHours: '',
  ...NOT_ANONYMOUS,
  ...NO_POLL,
};

const on = (b: boolean) => (b ? 'on' : '');

/** The form's anonymity (issue 32) as the choice's control has it. */
export const anonymousChoiceOf = (v: PostFormValues) => ({ on: v.anonymous === 'on', network: v.anonymousNetwork === 'on', area: v.anonymousArea === 'on' });

/** The choice's control's value back in the form's strings. */
export const anonymousFields = (c: { on: boolean; network: boolean; area: boolean }) => ({ anonymous: on(c.on), anonymousNetwork: on(c.network), anonymousArea: on(c.area) });

/** A comma-joined list of the form's as an array. */
export const formList = (s: string): string[] => (s ? s.split(',') : []);

/** The poll's options as typed, one a line. */
export const pollOptionsOf = (v: Pick<PostFormValues, 'pollOptions'>): string[] => v.pollOptions.split('\n');

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A datetime-local field's value ('2026-06-01T14:30', the device's clock) as ISO 8601 with the device's
 * offset ('2026-06-01T14:30:00+01:00'), or null when it is no time. The offset keeps the moment the
 * member chose wherever the server runs.
 */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A moment as a datetime-local field shows it on the device's clock ('2026-06-01T14:30'); '' when it is none. */
export function isoToLocalInput(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The poll as the server is sent it, once the section is open: the options as typed (the contract trims
 * them), the closing time with the device's offset (left out when empty; a time that reads as none goes
 * as typed, for the contract to refuse with its message).
 */
export function pollRequestOf(v: PostFormValues): TPollRequest | undefined {
  if (v.poll !== 'on') return undefined;
  const closesAt = v.pollClosesAt ? (localInputToIso(v.pollClosesAt) ?? v.pollClosesAt) : undefined;
  return {
    options: pollOptionsOf(v),
    multiple: v.pollMultiple === 'on',
    results: (POLL_RESULTS as readonly string[]).includes(v.pollResults) ? (v.pollResults as TPollRequest['results']) : POLL_RESULTS_DEFAULT,
    ...(closesAt && { closesAt }),
  };
}

/** A post as the editor starts from when its author edits it. */
export function postFormValues(post: Pick<TPost, 'title' | 'category' | 'content' | 'tags' | 'areas' | 'alert'>): PostFormValues {
  return {
    ...EMPTY_POST,
    title: post.title,
    categoryId: String(post.category.id),
    content: post.content,
    tags: post.tags.map((t) => t.slug).join(','),
    areas: post.areas.join(','),
    ...(post.alert && { alert: 'on', alertKind: post.alert.kind, alertPlace: post.alert.place }),
  };
}

/** A request kept on the device (and refused), back in the editor to fix. */
export function postFormValuesOfRequest(body: Record<string, unknown>): PostFormValues {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').join(',') : '');
  const alert = body.alert && typeof body.alert === 'object' ? (body.alert as Record<string, unknown>) : null;
  const anonymous = body.anonymous && typeof body.anonymous === 'object' ? (body.anonymous as Record<string, unknown>) : null;
  const poll = body.poll && typeof body.poll === 'object' ? (body.poll as Record<string, unknown>) : null;
  return {
    title: text(body.title),
    categoryId: text(body.categoryId),
    content: text(body.content),
    tags: strings(body.tags),
    areas: strings(body.areas),
    alert: alert ? 'on' : '',
    alertKind: text(alert?.kind),
    alertPlace: text(alert?.place),
    alertHours: text(alert?.hours),
    // Issue 32: a post kept anonymous comes back anonymous, with the same parts of its label.
    ...anonymousFields({ on: !!anonymous, network: anonymous?.network === true, area: anonymous?.area === true }),
    // Issue 33: its poll, the closing time back on the device's clock.
    ...(poll
      ? {
          poll: 'on',
          pollOptions: Array.isArray(poll.options) ? poll.options.map(text).join('\n') : NEW_POLL.pollOptions,
          pollMultiple: on(poll.multiple === true),
          pollResults: text(poll.results) || POLL_RESULTS_DEFAULT,
          pollClosesAt: typeof poll.closesAt === 'string' ? isoToLocalInput(poll.closesAt) : '',
        }
      : NO_POLL),
  };
}
