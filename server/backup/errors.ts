/** A refusal or failure the command line prints as one line (no stack): the message says what to do. */
export class BackupError extends Error {}
