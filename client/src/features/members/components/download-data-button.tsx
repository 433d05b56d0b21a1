import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadMyData } from '../lib/download';
import { failureText } from '@/lib/form-errors';

/** GET /api/auth/me/export, saved as the JSON file the server names. */
export function DownloadDataButton() {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const filename = await downloadMyData();
      toast({ title: 'Download started', description: `Saved as ${filename}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Download failed', description: failureText(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onClick()} disabled={busy} className="justify-self-start">
      <Download aria-hidden="true" className="size-5" />
      {busy ? 'Preparing your file…' : 'Download my data'}
    </Button>
  );
}
