import { listDirectoryUsers } from '@endpoints/members';
import type { DirectorySort } from '../lib/directory-url-state';

/** Every directory query key. */
export const directoryKeys = {
  /** One search and sort, all of its pages. */
  users: (params: { q: string; sort: DirectorySort }) => [listDirectoryUsers.path, params] as const,
};
