import { useEffect, useId, useState, type FormEvent } from 'react';
import { MAINTENANCE_MESSAGE_MAX, MAINTENANCE_MSG } from '@common/rules/maintenance';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSetMaintenance } from '../api/dashboard';

/**
 * The maintenance switch and the banner's message. While on, members can read but not write (the
 * server answers their writes with 503); admins keep working. The switch only prepares a change:
 * what is saved (and so live) and what Save would change are said apart, so a flipped switch is
 * never taken for a site already in maintenance.
 */
export function DashboardMaintenance({ current }: { current: { maintenanceMode: boolean; message: string } }) {
  const id = useId();
  const [mode, setMode] = useState(current.maintenanceMode);
  const [message, setMessage] = useState(current.message);
  const [error, setError] = useState<string | null>(null);
  const save = useSetMaintenance();
  const dirty = mode !== current.maintenanceMode || message !== current.message;
  const pending =
    mode !== current.maintenanceMode
      ? `Not saved yet: turns ${mode ? 'on' : 'off'} when you save.`
      : message.trim() !== current.message
        ? 'Not saved yet: the new banner message shows when you save.'
        : null;
  // A saved change (here or by another admin) becomes the form's new starting point.
  useEffect(() => {
    setMode(current.maintenanceMode);
    setMessage(current.message);
  }, [current.maintenanceMode, current.message]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (text.length > MAINTENANCE_MESSAGE_MAX) return setError(MAINTENANCE_MSG.messageMax);
    setError(null);
    save.mutate(
      { maintenanceMode: mode, message: text },
      {
        onSuccess: () => toast({ title: mode ? 'Maintenance mode is on' : 'Maintenance mode is off', variant: 'success' }),
        onError: (err) => {
          setError(errorMessage(err));
          toast({ title: 'Could not save maintenance mode', description: errorMessage(err), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3 rounded-xl border-2 border-line bg-card p-4">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        Maintenance
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <div className="flex items-center gap-3">
          <Switch id={`${id}-switch`} checked={mode} onCheckedChange={setMode} aria-describedby={`${id}-state ${id}-hint`} />
          <label htmlFor={`${id}-switch`} className="font-semibold">
            Maintenance mode
          </label>
        </div>
        <p id={`${id}-state`} role="status" className="flex flex-wrap items-center gap-2 text-sm">
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 font-semibold',
              current.maintenanceMode ? 'bg-accent-400 text-on-accent' : 'bg-surface text-ink ring-1 ring-line',
            )}
          >
            {current.maintenanceMode ? 'Currently on' : 'Currently off'}
          </span>
          {pending && <span className="font-semibold text-red-800">{pending}</span>}
        </p>
        <p id={`${id}-hint`} className="text-sm text-muted">
          Shows the banner to everyone; members can read but not post, comment or chat until it is switched off. Admins are not affected.
        </p>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-msg`} className="font-semibold">
            Banner message
          </label>
          <textarea
            id={`${id}-msg`}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            rows={2}
            maxLength={MAINTENANCE_MESSAGE_MAX + 50}
            placeholder="Leave empty for the standard text"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            className={inputClasses}
          />
          {error && (
            <p id={`${id}-err`} role="alert" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" disabled={save.isPending || !dirty}>
            {save.isPending ? 'Saving…' : 'Save maintenance settings'}
          </Button>
        </div>
      </form>
    </section>
  );
}
