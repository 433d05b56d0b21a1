import type { TPost } from '@common/contracts/forum';

// The post editor's values, kept apart from the editor: the post page builds an edit's starting values
// without loading the editor (it is fetched only when Edit is tapped), and /forum/new turns a refused
// offline post back into them.

/**
 * The form's values as typed (the category as the select gives it). A draft keeps strings only, so the
 * lists are comma-joined (tag slugs and postcode areas hold no commas) and the switches (alert, and issue
 * 32's anonymity and the parts of its label) are 'on' or ''. An empty `alertHours` is the default (24 hours).
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
};

/** Not anonymous: what a category that takes no anonymous posts leaves of the choice. */
export const NOT_ANONYMOUS = { anonymous: '', anonymousNetwork: '', anonymousArea: '' } as const;

export const EMPTY_POST: PostFormValues = { title: '', categoryId: '', content: '', tags: '', areas: '', alert: '', alertKind: '', alertPlace: '', alertHours: '', ...NOT_ANONYMOUS };

const on = (b: boolean) => (b ? 'on' : '');

/** The form's anonymity (issue 32) as the choice's control has it. */
export const anonymousChoiceOf = (v: PostFormValues) => ({ on: v.anonymous === 'on', network: v.anonymousNetwork === 'on', area: v.anonymousArea === 'on' });

/** The choice's control's value back in the form's strings. */
export const anonymousFields = (c: { on: boolean; network: boolean; area: boolean }) => ({ anonymous: on(c.on), anonymousNetwork: on(c.network), anonymousArea: on(c.area) });

/** A comma-joined list of the form's as an array. */
export const formList = (s: string): string[] => (s ? s.split(',') : []);

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
  };
}
