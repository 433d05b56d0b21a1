import { isPreloadError } from '@/lib/lazy';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';

/** A page that failed to load or crashed; header and footer stay usable around it. */
export function RouteError({ error }: { error: unknown }) {
  const preload = isPreloadError(error);
  return (
    <div role="alert" className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      <Head title={preload ? "Page didn't load" : 'Something went wrong'} noindex />
      <h1 className="text-2xl font-extrabold">{preload ? "This page didn't load" : 'Something went wrong'}</h1>
      <p className="text-lg">
        {preload
          ? 'Your connection may have dropped, or Kerbside was just updated. Check your signal and try again.'
          : 'Sorry, this page hit a problem. Trying again usually fixes it.'}
      </p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </div>
  );
}
