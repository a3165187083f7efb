import { errorMessage } from '#web/lib/api.ts';

/** What went wrong: a form's own message (what the server would say), else the server's answer. */
export function Problem({ error, message }: { error: unknown; message?: string }) {
  if (!error && !message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message ?? errorMessage(error, 'That did not work; try again')}
    </p>
  );
}
