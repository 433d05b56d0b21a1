import { listDirectoryUsers } from '@endpoints/members';
import type { DirectoryState } from '../lib/directory-url-state';

/** Every directory query key. */
export const directoryKeys = {
  /** One search, sort and set of filters, all of its pages. */
  users: (params: DirectoryState) => [listDirectoryUsers.path, params] as const,
};
