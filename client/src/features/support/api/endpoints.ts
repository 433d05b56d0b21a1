// The support form's request path (docs/API.md "Support"): the only place it is written.

export const supportPath = '/api/support';
