/**
 * Where the forum's bulletins show (spec §2 Forum list, §3 Bulletin). Renders nothing yet: the
 * bulletins issue fills it (GET /api/bulletins polled every 60 s, dismissed ids kept in the browser).
 */
export function BulletinsSlot() {
  return null;
}
