import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { SupportPage } from './support-page';

const member = testUser();

function stubFetch(opts: { user?: typeof member | null; support?: () => Response } = {}) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') {
        return opts.user ? new Response(JSON.stringify(opts.user)) : new Response('{"message":"Not logged in"}', { status: 401 });
      }
      if (url === '/api/support') {
        sent.push(JSON.parse(String(init?.body)));
        return opts.support?.() ?? new Response(JSON.stringify({ id: 42, message: "Thanks — we've received your message and will reply by email." }), { status: 201 });
      }
      return new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('SupportPage', () => {
  it('shows every field message and sends nothing while the form is wrong', async () => {
    const sent = stubFetch();
    renderWithProviders(<SupportPage />, { route: '/support' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Subject must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters')).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends a guest message and shows the confirmation with the ticket number', async () => {
    const sent = stubFetch();
    renderWithProviders(<SupportPage />, { route: '/support' });
    await userEvent.type(await screen.findByLabelText('Your name'), 'Pat Guest');
    await userEvent.type(screen.getByLabelText('Email'), 'pat@example.com');
    await userEvent.type(screen.getByLabelText('Subject'), 'Advertising');
    await userEvent.type(screen.getByLabelText('Message'), 'We sell van racking and would like your rates.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain("Thanks — we've received your message and will reply by email.");
    expect(status.textContent).toContain('Your ticket number is #42');
    expect(status.textContent).toContain('pat@example.com');
    expect(sent).toEqual([{ name: 'Pat Guest', email: 'pat@example.com', subject: 'Advertising', message: 'We sell van racking and would like your rates.' }]);
  });

  it("fills in a member's name and email", async () => {
    stubFetch({ user: member });
    renderWithProviders(<SupportPage />, { route: '/support' });
    await waitFor(() => expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Sam Driver'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
  });

  it("shows the server's message when it refuses (too many messages)", async () => {
    stubFetch({ support: () => new Response(JSON.stringify({ message: "You've sent several messages in the last hour." }), { status: 429 }) });
    renderWithProviders(<SupportPage />, { route: '/support' });
    await userEvent.type(await screen.findByLabelText('Your name'), 'Pat');
    await userEvent.type(screen.getByLabelText('Email'), 'pat@example.com');
    await userEvent.type(screen.getByLabelText('Subject'), 'Help me');
    await userEvent.type(screen.getByLabelText('Message'), 'Nothing has arrived yet, please help.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("You've sent several messages in the last hour.")).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
