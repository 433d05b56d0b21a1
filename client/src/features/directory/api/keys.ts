import type { DirectorySort } from '../lib/directory-url-state';
import { directoryUsersPath } from './endpoints';

/** Every directory query key. */
export const directoryKeys = {
  /** One search and sort, all of its pages. */
  users: (params: { q: string; sort: DirectorySort }) => [directoryUsersPath, params] as const,
};
