import { useId, useState, type ReactNode, type RefObject } from 'react';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { ESSENTIAL_ONLY, getConsent, saveConsent, type CookiePreferences } from '@/lib/consent';

type Choice = Pick<CookiePreferences, 'analytics' | 'functional' | 'marketing'>;

const OPTIONAL: { key: keyof Choice; label: string; text: string }[] = [
  {
    key: 'analytics',
    label: 'Analytics',
    text: 'Counts visits, pages viewed and page speed on our own servers so we can see what helps drivers. Off until you switch it on.',
  },
  {
    key: 'functional',
    label: 'Functional',
    // What chat-center.tsx gates on it, and no more: the new-message alerts and the Inbox page work either way.
    text: 'Enables live chat windows: on a large screen, a conversation opens in a floating window over the page you are reading, and a new message opens its window. Off, conversations open on the Inbox page; new-message alerts come either way.',
  },
  { key: 'marketing', label: 'Marketing', text: 'Currently not used. If we ever use it, it stays off until you agree.' },
];

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'customize' from the banner (Essential Only, Save Preferences); 'settings' from the footer (Cancel, Save Preferences). */
  variant: 'customize' | 'settings';
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Called after a choice is stored (the banner hides). */
  onSaved?: () => void;
};

/** Spec §2 Cookie Preferences: Essential locked on, Analytics, Functional, Marketing. Every save applies at once. */
export function CookiePreferencesDialog({ open, onOpenChange, variant, returnFocusRef, onSaved }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      title={variant === 'settings' ? 'Cookie Settings' : 'Cookie Preferences'}
      description="Choose what Kerbside may store and measure on this device. You can change this any time from Cookie Settings at the bottom of every page."
    >
      {/* Mounted per opening: the switches start from the stored choice every time. */}
      {open && (
        <PreferencesForm
          variant={variant}
          onDone={(saved) => {
            onOpenChange(false);
            if (saved) onSaved?.();
          }}
        />
      )}
    </Modal>
  );
}

function PreferencesForm({ variant, onDone }: { variant: Props['variant']; onDone: (saved: boolean) => void }) {
  const [choice, setChoice] = useState<Choice>(() => {
    const { analytics, functional, marketing } = getConsent() ?? ESSENTIAL_ONLY;
    return { analytics, functional, marketing };
  });
  const id = useId();
  const save = (c: Choice) => {
    saveConsent(c);
    onDone(true);
  };
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save(choice);
      }}
    >
      <PreferenceRow id={`${id}-essential`} label="Essential" text="Keeps you signed in, protects forms and remembers this choice. The site can't work without them, so they are always on.">
        <Switch id={`${id}-essential`} checked disabled aria-describedby={`${id}-essential-text`} />
      </PreferenceRow>
      {OPTIONAL.map((o) => (
        <PreferenceRow key={o.key} id={`${id}-${o.key}`} label={o.label} text={o.text}>
          <Switch
            id={`${id}-${o.key}`}
            checked={choice[o.key]}
            onCheckedChange={(v) => setChoice((c) => ({ ...c, [o.key]: v }))}
            aria-describedby={`${id}-${o.key}-text`}
          />
        </PreferenceRow>
      ))}
      <p className="text-sm text-muted">
        Read more in our{' '}
        <Link to="/privacy" className="link" onClick={() => onDone(false)}>
          Privacy Policy
        </Link>
        .
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {variant === 'settings' ? (
          <Button variant="secondary" onClick={() => onDone(false)}>
            Cancel
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => save(ESSENTIAL_ONLY)}>
            Essential Only
          </Button>
        )}
        <Button type="submit">Save Preferences</Button>
      </div>
    </form>
  );
}

function PreferenceRow({ id, label, text, children }: { id: string; label: string; text: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-line p-4">
      <div className="grid gap-1">
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        <p id={`${id}-text`} className="text-sm text-muted">
          {text}
        </p>
      </div>
      {children}
    </div>
  );
}
