// Spec §9 numbers for analytics and web vitals.

/** The page address is checked this often for a new page view. */
export const ADDRESS_POLL_MS = 1000;

/** Share of sessions whose web vitals are reported, decided once per session. */
export const VITALS_SAMPLE_RATE = 0.1;
/** Reports are sent in batches of this many, or ... */
export const VITALS_BATCH_SIZE = 10;
/** ... whatever has gathered, this often (and when the tab is hidden). */
export const VITALS_FLUSH_MS = 30_000;

