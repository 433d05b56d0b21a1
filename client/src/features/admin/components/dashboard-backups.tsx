import { useEffect, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TBackupPhotos } from '@common/contracts/backups';
import { endpointUrl } from '@common/contracts/endpoint';
import { downloadBackup } from '@endpoints/backups';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { getBackupStatusQueryOptions, useStartBackup } from '../api/backups';

/** '6.04 MB', '12.3 MB' (as `npm run backup` prints it). */
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 2 : 1)} MB`;

const photoCount = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/** What the backup holds besides the database: the photos, or (S3) the bucket's listing of them. */
export function photosHeld(photos: TBackupPhotos) {
  if (photos.kind === 'files') return `database and ${photoCount(photos.photos)}`;
  if (photos.kind === 's3') return `database and a listing of ${photoCount(photos.photos)} in the S3 bucket ${photos.bucket} (not copied)`;
  return 'database only, no photos';
}

/**
 * The last backup (London time, size, what it holds, a download) and "Back up now". The server takes one every day
 * by itself; while one runs the card polls, and says how one it started ended.
 */
export function DashboardBackups() {
  const id = useId();
  const q = useQuery(getBackupStatusQueryOptions());
  const start = useStartBackup();
  const running = start.isPending || q.data?.running === true;
  // Set when this card started a backup: its end is toasted once polling sees it.
  const watching = useRef(false);

  useEffect(() => {
    if (!watching.current || !q.data || q.data.running) return;
    watching.current = false;
    if (q.data.lastError) toast({ title: 'Backup failed', description: q.data.lastError, variant: 'destructive' });
    else toast({ title: 'Backup complete', variant: 'success' });
  }, [q.data]);

  const backUp = () =>
    start.mutate(undefined, {
      onSuccess: () => {
        watching.current = true;
        toast({ title: 'Backup started' });
      },
      onError: (err) => toast({ title: 'Could not start a backup', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <section aria-labelledby={`${id}-h`} className="grid content-start gap-3 rounded-xl border-2 border-line bg-card p-4">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        Backups
      </h2>
      {q.isPending ? (
        <Spinner label="Loading backups" className="py-6" />
      ) : q.isError ? (
        <p role="alert" className="text-red-800">
          Unable to load backups. {errorMessage(q.error)}
        </p>
      ) : (
        <>
          {q.data.last ? (
            <p>
              Last backup: <time dateTime={q.data.last.at}>{formatDateTime(q.data.last.at)}</time> · {megabytes(q.data.last.bytes)} ·{' '}
              {photosHeld(q.data.last.photos)}{' '}
              <a href={endpointUrl(downloadBackup, { name: q.data.last.name })} download={q.data.last.name} className={buttonClasses('link')}>
                Download
              </a>
            </p>
          ) : (
            <p>No backup yet</p>
          )}
          {q.data.lastError && !running && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              The last backup failed: {q.data.lastError}
            </p>
          )}
          <p className="text-sm text-muted">The server backs up the database and the photos every day by itself and keeps the {q.data.keep} newest.</p>
          <div>
            <Button onClick={backUp} disabled={running}>
              {running ? 'Backing up…' : 'Back up now'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
