// The directory's request paths (docs/API.md "Directory"): the only place they are written.

export const directoryUsersPath = '/api/directory/users';
