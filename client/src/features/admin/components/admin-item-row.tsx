import type { ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';

type Props = {
  /** The heading, also the article's accessible name. */
  title: string;
  /** The line of details under the heading. */
  details: ReactNode;
  switchId: string;
  active: boolean;
  /** The switch's label when on and when off, e.g. ['Enabled', 'Disabled']. */
  activeLabels: readonly [string, string];
  togglePending: boolean;
  onToggle: (active: boolean) => void;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onDeleteClick: () => void;
  /** Shown between the heading and the Edit/Delete buttons. */
  body?: ReactNode;
  /** After the buttons: the edit form when open, and the delete confirmation. */
  children?: ReactNode;
};

/** One item of an admin list (ads, bulletins): heading and details, an on/off switch, Edit and Delete. */
export function AdminItemRow(props: Props) {
  const { title, details, switchId, active, activeLabels, togglePending, onToggle, editing, onEditingChange, onDeleteClick, body, children } = props;
  return (
    <li>
      <article aria-label={title} className="grid gap-3 rounded-xl border border-line bg-card p-3">
        <div className="flex flex-wrap items-start gap-3">
          <div className="grid min-w-0 flex-1 gap-1">
            <h3 className="font-bold break-words">{title}</h3>
            <p className="text-sm text-muted">{details}</p>
          </div>
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={active} disabled={togglePending} onCheckedChange={onToggle} />
            <label htmlFor={switchId} className="text-sm font-semibold">
              {active ? activeLabels[0] : activeLabels[1]}
            </label>
          </div>
        </div>
        {body}
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" aria-expanded={editing} onClick={() => onEditingChange(!editing)}>
            <Pencil aria-hidden="true" className="size-4" /> Edit
          </Button>
          <Button size="sm" variant="ghost" className="text-red-800 hover:bg-red-50" onClick={onDeleteClick}>
            <Trash2 aria-hidden="true" className="size-4" /> Delete
          </Button>
        </div>
        {children}
      </article>
    </li>
  );
}
