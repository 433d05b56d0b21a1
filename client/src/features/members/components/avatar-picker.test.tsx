import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AVATARS } from '@common/avatars';
import { AvatarPicker } from './avatar-picker';

function Harness({ initial }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AvatarPicker value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const checked = () => screen.getByRole('radio', { checked: true });

describe('AvatarPicker', () => {
  it('is one radio group of the twelve role avatars, car selected by default, its description shown', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Choose your avatar' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(12);
    expect(checked().textContent).toContain('Car Delivery');
    expect(screen.getByText('Multi-drop and same-day work from the driving seat of a car.')).toBeTruthy();
    // One tab stop: the selected tile.
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });

  it('starts at the current avatar and selects with a click, showing that description', async () => {
    render(<Harness initial="bike" />);
    expect(checked().textContent).toContain('Bicycle Courier');
    await userEvent.click(screen.getByRole('radio', { name: 'Van Delivery' }));
    expect(screen.getByTestId('value').textContent).toBe('van');
    expect(checked().textContent).toContain('Van Delivery');
    expect(screen.getByText('Owner drivers and employed drivers in vans and light trucks.')).toBeTruthy();
  });

  it('moves and selects with the arrow keys (wrapping), Home and End', async () => {
    render(<Harness initial="car" />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Car Delivery' }));

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value').textContent).toBe('van');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Van Delivery' }));

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByTestId('value').textContent).toBe('parcel');

    await userEvent.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('value').textContent).toBe('bike');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('value').textContent).toBe(AVATARS.at(-1)?.key);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Express Delivery' }));

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value').textContent).toBe('bike');
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('value').textContent).toBe('express');
    await userEvent.keyboard('{Home}');
    expect(screen.getByTestId('value').textContent).toBe('bike');
    expect(screen.getByText('Pedal-powered deliveries through city streets, from documents to food.')).toBeTruthy();
  });

  it('treats an unknown key as the default', () => {
    render(<Harness initial="hovercraft" />);
    expect(checked().textContent).toContain('Car Delivery');
  });
});
