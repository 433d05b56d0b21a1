import { useId } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '@common/theme';
import { setThemeChoice, useThemeChoice } from '@/lib/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * The theme: System (the device's setting), Light or Dark, as three radio buttons. A choice applies
 * at once and is kept on this device (lib/theme.ts); the footer and the profile page both show it.
 */
export function ThemeSwitch() {
  const name = useId();
  const choice = useThemeChoice();
  return (
    <fieldset>
      <legend className="mb-1.5 font-semibold">Theme</legend>
      <div className="flex flex-wrap gap-2">
        {THEME_CHOICES.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-field bg-card px-3 font-semibold text-ink has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name={name} value={value} checked={choice === value} onChange={() => setThemeChoice(value)} className="size-5 accent-brand-800" />
            {LABELS[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
