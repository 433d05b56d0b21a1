// The courier-role avatar set of spec §3. The spec lists two label sets; members see one, the short
// one, everywhere (ADR 0016: onboarding offered one name and the forum's filter called it another).
// `icon` names a lucide icon.
export type AvatarOption = {
  key: string;
  label: string;
  description: string;
  icon: string;
  color: string;
};

export const AVATARS: readonly AvatarOption[] = [
  { key: 'bike', label: 'Bicycle Courier', description: 'Pedal-powered deliveries through city streets, from documents to food.', icon: 'Bike', color: '#16a34a' },
  { key: 'car', label: 'Car Delivery', description: 'Multi-drop and same-day work from the driving seat of a car.', icon: 'Car', color: '#2563eb' },
  { key: 'van', label: 'Van Delivery', description: 'Owner drivers and employed drivers in vans and light trucks.', icon: 'Truck', color: '#7c3aed' },
  { key: 'parcel', label: 'Parcel Specialist', description: 'Sorting, loading and delivering parcels for the big networks.', icon: 'Package', color: '#ea580c' },
  { key: 'freight', label: 'Freight Transport', description: 'HGV, pallet and freight movements across the UK and beyond.', icon: 'Container', color: '#0f766e' },
  { key: 'logistics', label: 'Logistics Coordinator', description: 'Planning routes, rotas and loads so the drops get done.', icon: 'Route', color: '#0891b2' },
  { key: 'service', label: 'Service Provider', description: 'Insurers, accountants, trainers and others who serve drivers.', icon: 'Megaphone', color: '#be123c' },
  { key: 'warehouse', label: 'Warehouse Operations', description: 'Picking, packing and dispatch behind every delivery.', icon: 'Warehouse', color: '#a16207' },
  { key: 'aviation', label: 'Aviation Logistics', description: 'Air freight and airport cargo handling.', icon: 'Plane', color: '#4f46e5' },
  { key: 'local', label: 'Local Delivery', description: 'Town-and-village rounds where every door is known.', icon: 'MapPin', color: '#db2777' },
  { key: 'team', label: 'Team Leader', description: 'Running depots, teams and driver relations.', icon: 'Users', color: '#475569' },
  { key: 'express', label: 'Express Delivery', description: 'Same-day, timed and urgent deliveries against the clock.', icon: 'Zap', color: '#ca8a04' },
];

export const AVATAR_KEYS = AVATARS.map((a) => a.key) as [string, ...string[]];
export const DEFAULT_AVATAR = 'car';
/** Shown where an avatar must be drawn but none is known (previews). */
export const PREVIEW_FALLBACK_AVATAR = 'bike';
export const UNKNOWN_AVATAR_LABEL = 'Courier Professional';

const byKey = new Map(AVATARS.map((a) => [a.key, a]));

export function findAvatar(key: string | null | undefined): AvatarOption | undefined {
  return key ? byKey.get(key) : undefined;
}

/** The avatar's label, or 'Courier Professional' for a key we do not know. */
export function avatarLabel(key: string | null | undefined): string {
  return findAvatar(key)?.label ?? UNKNOWN_AVATAR_LABEL;
}
