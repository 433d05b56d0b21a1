// Photos' limits and messages (docs/API.md "Uploads"), without zod, for the client that uploads and
// the server that checks (server/modules/uploads). The daily allowance is MEMBER_LIMITS.upload.

export const UPLOAD_LIMITS = {
  /** UPLOAD_MAX_MB's default: the server's own figure is in /api/site-config as uploadMaxBytes. */
  defaultMaxMb: 10,
  /** A decoded image above this many pixels is refused before it is decoded (a decompression bomb). */
  maxPixels: 40_000_000,
  /** The stored full size's longest side. */
  maxSide: 2048,
  /** Widths stored beside the full size for srcset (only those narrower than it). */
  widths: [320, 640, 1280] as const,
  /** All of one member's stored photos together (removed ones do not count). */
  totalBytesPerMember: 500 * 1024 * 1024,
  /** An upload no post, comment or message uses by then is removed. */
  unusedTtlMs: 24 * 60 * 60 * 1000,
  /** The client's own downscale before upload: longest side and JPEG quality. */
  clientMaxSide: 2048,
  clientQuality: 0.82,
  /** Photos one post, comment or message may show. */
  perContent: 10,
} as const;

/** What the upload form's file input accepts; the server reads the bytes, whatever the name says. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** An upload's id: 20 characters of [0-9a-z], in its URLs `/uploads/<id>/<file>`. */
export const UPLOAD_ID_PATTERN = /^[0-9a-z]{20}$/;
/** The stored files of one upload: full size (WebP and the JPEG fallback), and WebPs by width. */
export const UPLOAD_FILE_PATTERN = /^(full\.webp|full\.jpg|w(320|640|1280)\.webp)$/;

export const UPLOAD_MSG = {
  noFile: 'Choose a photo to upload',
  unsupportedType: 'That file is not a photo we can take: use a JPEG, PNG, WebP or GIF image',
  tooLarge: (mb: number) => `That photo is too large: the limit is ${mb} MB`,
  tooManyPixels: 'That image is too large to process: it must be under 40 megapixels',
  unreadable: 'That photo could not be read: the file may be damaged',
  quotaFull: 'You have used all your photo storage (500 MB). Remove some photos before adding more.',
  notFound: 'No such photo',
  /** 429 when every place in the server's photo queue is taken (UPLOAD_CONCURRENCY + UPLOAD_QUEUE): nothing was sent yet. */
  busy: (wait: string) => `Lots of photos are being uploaded right now. Please try again in ${wait}.`,
  tooManyInContent: `A post, comment or message can show at most ${UPLOAD_LIMITS.perContent} photos`,
  removed: 'The photo was removed everywhere it appeared',
  /** Client only: the upload never reached the server (no signal, or the connection dropped). */
  networkFailed: 'The photo did not upload: check your connection and try again',
  /** Client only: a post, comment or message is not sent while one of its photos is still uploading. */
  waitForUploads: 'Wait for your photos to finish uploading',
} as const;
