import type { TDashboard } from '@common/contracts/admin';
import { cn } from '@/lib/cn';

/** '812 MB', '12.3 GB', as `df -h` counts them (1 GB = 1024 MB). */
export function storageSize(bytes: number): string {
  const mb = bytes / 2 ** 20;
  if (mb < 1024) return `${Math.floor(mb)} MB`;
  const gb = mb / 1024;
  return `${gb < 100 ? gb.toFixed(1) : Math.round(gb)} GB`;
}

/**
 * DATA_DIR's free space as the server last read it, and what it keeps back. While writes are refused
 * (the server answers them 507) it says so, in words an admin can act on.
 */
export function DashboardDisk({ disk }: { disk: TDashboard['disk'] }) {
  const kept = disk.reserveBytes + disk.databaseRoomBytes;
  const keptText = disk.databaseRoomBytes
    ? `${storageSize(disk.reserveBytes)} reserve and ${storageSize(disk.databaseRoomBytes)} for the database`
    : `${storageSize(disk.reserveBytes)} reserve`;
  return (
    <section
      aria-label="Disk space"
      role={disk.writable ? undefined : 'alert'}
      className={cn('grid gap-1 rounded-xl border-2 p-4', disk.writable ? 'border-line bg-card' : 'border-red-300 bg-red-50')}
    >
      <h2 className="text-lg font-bold">Disk space</h2>
      <p data-testid="disk-free">
        <span className="text-2xl font-extrabold tabular-nums">{storageSize(disk.freeBytes)}</span> free of {storageSize(disk.totalBytes)}
      </p>
      {disk.writable ? (
        <p className="text-sm text-muted">Writes stop when less than {storageSize(kept)} is free ({keptText}).</p>
      ) : (
        <p className="font-semibold">
          The server is out of storage space: posts, comments, messages and photos are refused until space is freed on the data folder&apos;s disk
          (it keeps {storageSize(kept)} back: {keptText}). Deleting old backups or photos makes room.
        </p>
      )}
    </section>
  );
}
