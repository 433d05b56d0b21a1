import { describe, expect, it } from 'vitest';
import { clearedForumParams, nextForumParams, parseForumState, parsePage, withSearch } from './forum-url-state';

const p = (s: string) => new URLSearchParams(s);
const next = (s: string, change: Parameters<typeof nextForumParams>[1]) => nextForumParams(p(s), change).toString();

describe('parseForumState', () => {
  it('has defaults: no filters, newest, page 1', () => {
    expect(parseForumState(p(''))).toEqual({ category: '', q: '', profession: '', sort: 'newest', period: '', unanswered: false, solved: '', tag: '', area: '', page: 1 });
  });

  it('reads every field', () => {
    expect(parseForumState(p('category=tips&q=+fuel++card+&profession=van&sort=views&page=3'))).toEqual({
      category: 'tips',
      q: 'fuel card',
      profession: 'van',
      sort: 'views',
      period: '',
      unanswered: false,
      solved: '',
      tag: '',
      area: '',
      page: 3,
    });
  });

  it('reads a tag and a postcode area (issue 32): the tag in lower case, the area in capitals, an unknown area as none', () => {
    expect(parseForumState(p('tag=Evri&area=ls'))).toMatchObject({ tag: 'evri', area: 'LS' });
    expect(parseForumState(p('area=M')).area).toBe('M');
    expect(parseForumState(p('area=ZZ')).area).toBe('');
    expect(parseForumState(p('area=LS1')).area).toBe('');
    expect(parseForumState(p('tag=+')).tag).toBe('');
  });

  it('reads the Answers filter, solved=yes or solved=no (issue 33)', () => {
    expect(parseForumState(p('category=help&solved=yes')).solved).toBe('yes');
    expect(parseForumState(p('solved=no')).solved).toBe('no');
    // Anything else is every post.
    expect(parseForumState(p('solved=true')).solved).toBe('');
    expect(parseForumState(p('solved=')).solved).toBe('');
  });

  it('reads Top with its period, and Unanswered (issue 18)', () => {
    expect(parseForumState(p('sort=top&period=month&unanswered=1'))).toMatchObject({ sort: 'top', period: 'month', unanswered: true });
    // A period without Top, or an unknown one, is no period; Top without one is the server's choice.
    expect(parseForumState(p('sort=views&period=month')).period).toBe('');
    expect(parseForumState(p('sort=top&period=fortnight')).period).toBe('');
    expect(parseForumState(p('sort=top')).period).toBe('');
    expect(parseForumState(p('unanswered=yes')).unanswered).toBe(false);
  });

  it('treats a page below 1 or not a number as 1', () => {
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-4')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage(null)).toBe(1);
    expect(parseForumState(p('page=-2')).page).toBe(1);
  });

  it('ignores a search under 2 characters after trimming, an unknown sort and an unknown profession', () => {
    expect(parseForumState(p('q=+a+')).q).toBe('');
    expect(parseForumState(p('q=ab')).q).toBe('ab');
    expect(parseForumState(p('sort=oldest')).sort).toBe('newest');
    expect(parseForumState(p('profession=astronaut')).profession).toBe('');
  });
});

describe('nextForumParams', () => {
  it('keeps a tag and an area beside the other filters, back to page 1; clearing removes them (issue 32)', () => {
    expect(next('category=tips&sort=views&page=3', { tag: 'evri' })).toBe('category=tips&sort=views&tag=evri');
    expect(next('tag=evri&page=2', { area: 'ls' })).toBe('tag=evri&area=LS');
    expect(next('tag=evri&area=LS&page=2', { tag: '' })).toBe('area=LS');
    expect(next('tag=evri&area=LS', { area: 'nowhere' })).toBe('tag=evri');
    // Paging keeps them.
    expect(next('tag=evri&area=LS', { page: 2 })).toBe('tag=evri&area=LS&page=2');
    expect(clearedForumParams(p('tag=evri&area=LS&sort=popular&page=2')).toString()).toBe('sort=popular');
    expect(parseForumState(nextForumParams(p('sort=active'), { tag: 'evri', area: 'LS' }))).toMatchObject({ sort: 'active', tag: 'evri', area: 'LS', page: 1 });
  });

  it('writes Top\'s period and Unanswered, back to page 1; another sort drops the period (issue 18)', () => {
    expect(next('page=3', { sort: 'top' })).toBe('sort=top');
    expect(next('sort=top&page=2', { period: 'week' })).toBe('sort=top&period=week');
    expect(next('sort=top&period=week', { sort: 'views' })).toBe('sort=views');
    expect(next('page=4', { unanswered: true })).toBe('unanswered=1');
    expect(next('unanswered=1&page=2', { unanswered: false })).toBe('');
    expect(clearedForumParams(p('sort=top&period=day&unanswered=1&category=tips')).toString()).toBe('sort=top&period=day');
  });

  it('writes the Answers filter, back to page 1; All removes it, and clearing the filters too (issue 33)', () => {
    expect(next('category=help&page=3', { solved: 'yes' })).toBe('category=help&solved=yes');
    expect(next('category=help&solved=yes&page=2', { solved: 'no' })).toBe('category=help&solved=no');
    expect(next('category=help&solved=no&page=2', { solved: '' })).toBe('category=help');
    expect(clearedForumParams(p('category=help&solved=yes&sort=views&page=2')).toString()).toBe('sort=views');
    // The address read back is the state written.
    expect(parseForumState(nextForumParams(p('category=help'), { solved: 'no' }))).toMatchObject({ category: 'help', solved: 'no', page: 1 });
  });

  it('goes back to page 1 when sort, category, search or profession change', () => {
    expect(next('page=3&sort=views', { sort: 'popular' })).toBe('sort=popular');
    expect(next('page=3', { category: 'tips' })).toBe('category=tips');
    expect(next('page=3&category=tips', { category: '' })).toBe('');
    expect(next('page=3', { q: 'fuel' })).toBe('q=fuel');
    expect(next('page=3&q=fuel', { profession: 'van' })).toBe('q=fuel&profession=van');
  });

  it('writes no page parameter for page 1, and none below it', () => {
    expect(next('page=3', { page: 1 })).toBe('');
    expect(next('page=3', { page: 0 })).toBe('');
    expect(next('category=tips', { page: 2 })).toBe('category=tips&page=2');
  });

  it('keeps the page when nothing else changes', () => {
    expect(next('page=4&q=fuel', {})).toBe('page=4&q=fuel');
  });

  it('leaves the default sort out of the address', () => {
    expect(next('sort=views', { sort: 'newest' })).toBe('');
  });

  it('drops a search under 2 characters and trims it', () => {
    expect(next('q=fuel', { q: ' a ' })).toBe('');
    expect(next('', { q: '  van  hire ' })).toBe('q=van+hire');
  });

  it('keeps parameters the list does not own', () => {
    expect(next('utm_source=x&page=2', { sort: 'views' })).toBe('utm_source=x&sort=views');
  });

  it('clearing removes the filters and the page, and keeps the sort', () => {
    expect(clearedForumParams(p('category=tips&q=fuel&profession=van&sort=views&page=2')).toString()).toBe('sort=views');
  });
});

describe('withSearch', () => {
  it('leaves no bare question mark', () => {
    expect(withSearch('/forum', p(''))).toBe('/forum');
    expect(withSearch('/forum', p('page=2'))).toBe('/forum?page=2');
  });
});

describe('search order', () => {
  it('ranks a text search by best match until a sort is chosen; a profession-only filter stays newest', () => {
    expect(parseForumState(p('q=evri')).sort).toBe('relevance');
    expect(parseForumState(p('q=evri&sort=newest')).sort).toBe('newest');
    expect(parseForumState(p('profession=van')).sort).toBe('newest');
  });

  it('keeps an explicit newest while searching and drops best match, the search default, from the address', () => {
    expect(next('q=evri', { sort: 'newest' })).toBe('q=evri&sort=newest');
    expect(next('q=evri&sort=views', { sort: 'relevance' })).toBe('q=evri');
    expect(next('', { sort: 'newest' })).toBe('');
  });
});
