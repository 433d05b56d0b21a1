import type { RefObject } from 'react';
import { CookiePreferencesDialog } from './cookie-preferences-dialog';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; returnFocusRef?: RefObject<HTMLElement | null> };

/** The footer's Cookie Settings (spec §2): the stored choice, Cancel and Save Preferences. */
export function CookieSettingsDialog({ open, onOpenChange, returnFocusRef }: Props) {
  return <CookiePreferencesDialog variant="settings" open={open} onOpenChange={onOpenChange} returnFocusRef={returnFocusRef} />;
}
