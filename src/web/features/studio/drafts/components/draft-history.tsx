import { Loader2, RotateCcw } from 'lucide-react';
import { VERSION_EVENT_LABELS, VERSION_REASON_LABELS } from '#contract/studio-draft-edits.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useDraftVersions, useRestoreVersion } from '../api.ts';

/** Versions shown at once (the server keeps more). */
const SHOWN = 10;
/** To the second: two saves in one minute read apart. */
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const firstWords = (text: string) =>
  text.length > 120
    ? `${text
        .slice(0, 120)
        .replace(/\s+\S*$/, '')
        .replace(/[\s.,;:!?]+$/, '')}…`
    : text;

/** The draft's earlier versions (before each save, regeneration or restore); any can come back. */
export function DraftHistory({ draftId, onRestored }: { draftId: string; onRestored: () => void }) {
  const versions = useDraftVersions(draftId, true);
  const restore = useRestoreVersion(draftId);
  const list = versions.data?.versions ?? [];
  return (
    <Card className="grid gap-3" aria-labelledby="history-heading" role="region">
      <h3 id="history-heading" className="text-sm font-semibold">
        History
      </h3>
      {versions.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading earlier versions...
        </p>
      ) : versions.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(versions.error, 'The history could not be loaded.')}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No earlier versions yet: every save and regeneration keeps the draft as it was.
        </p>
      ) : (
        <ol className="grid gap-2" data-testid="draft-versions">
          {list.slice(0, SHOWN).map((version) => (
            <li
              key={version.id}
              className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="grid gap-1 text-sm">
                <p className="font-medium">
                  {VERSION_EVENT_LABELS[version.reason]}{' '}
                  <time dateTime={version.created_at}>{when(version.created_at)}</time>
                  {version.edited && <span className="text-muted-foreground"> · your edits</span>}
                </p>
                <p className="text-xs text-muted-foreground">{VERSION_REASON_LABELS[version.reason]}</p>
                <p className="text-muted-foreground">
                  {firstWords(version.blocks.map((b) => b.text).join(' '))}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="shrink-0 self-start"
                disabled={restore.isPending}
                onClick={() =>
                  restore.mutate(version.id, {
                    onSuccess: () => {
                      toast({
                        title: 'Version restored',
                        description: 'The draft you replaced is in History.',
                      });
                      onRestored();
                    },
                    onError: (e) => errorToast(errorMessage(e, 'Failed to restore this version.')),
                  })
                }
              >
                <RotateCcw aria-hidden="true" /> Restore
                <span className="sr-only"> the version from {when(version.created_at)}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
