import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TAnnouncement } from '@common/contracts/admin-emails';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { getAnnouncementPreviewQueryOptions, useSendAnnouncement } from '../api/emails';

/**
 * The mail as a member gets it (rendered in a sandboxed iframe: no scripts, no same-origin), and for a
 * draft the Send button, which asks again with the number of recipients.
 */
export function AnnouncementPreviewDialog({ announcement, onClose }: { announcement: TAnnouncement; onClose: () => void }) {
  const q = useQuery(getAnnouncementPreviewQueryOptions(announcement.id));
  const send = useSendAnnouncement();
  const [confirming, setConfirming] = useState(false);
  const draft = announcement.status === 'draft';
  const n = q.data?.recipientCount ?? 0;
  const recipients = plural(n, 'member', 'members');
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Preview: ${announcement.subject}`} className="sm:max-w-3xl">
      {q.isPending ? (
        <Spinner label="Rendering the preview" />
      ) : q.isError ? (
        <p role="alert">{errorMessage(q.error, 'The preview could not be rendered.')}</p>
      ) : (
        <div className="grid gap-3">
          <p>
            <strong>Subject:</strong> {q.data.subject}
            <br />
            <strong>To:</strong> {announcement.audienceLabel} — {draft ? `${recipients} would receive it now` : `sent to ${recipients}`}
          </p>
          <iframe title="Email preview" sandbox="" srcDoc={q.data.html} className="h-[26rem] w-full rounded-lg border-2 border-line bg-white" />
          <details>
            <summary className="min-h-11 cursor-pointer content-center font-semibold">Plain-text version</summary>
            <pre className="overflow-x-auto rounded-lg bg-surface p-3 text-sm whitespace-pre-wrap">{q.data.text}</pre>
          </details>
          {draft &&
            (confirming ? (
              <div role="alertdialog" aria-label="Confirm sending" className="grid gap-2 rounded-lg border-2 border-red-700 bg-red-50 p-3">
                <p className="font-semibold">
                  Send this announcement to {recipients}? It goes out in batches and cannot be stopped once started.
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="danger"
                    disabled={send.isPending || n === 0}
                    onClick={() =>
                      send.mutate(announcement.id, {
                        onSuccess: () => {
                          toast({ title: `Sending to ${recipients}`, variant: 'success' });
                          onClose();
                        },
                        onError: (err) => toast({ title: 'Could not send', description: errorMessage(err), variant: 'destructive' }),
                      })
                    }
                  >
                    {send.isPending ? 'Starting…' : `Yes, send to ${recipients}`}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <Button onClick={() => setConfirming(true)} disabled={n === 0} className="justify-self-start">
                Send…
              </Button>
            ))}
          {draft && n === 0 && <p className="text-sm text-muted">Nobody in this audience would receive it.</p>}
        </div>
      )}
    </Modal>
  );
}
