import { Check, Copy, History, Loader2, Pencil, RefreshCw, Save, X } from 'lucide-react';
import { useState } from 'react';
import type { Draft } from '#contract/studio-drafts.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { errorToast } from '#web/components/ui/use-toast.ts';
import { fetchDraftText } from '../api.ts';

export const REPLACE_EDITED_TITLE = 'Replace your edited draft?';
export const REPLACE_EDITED_TEXT =
  'Echo will write this draft again. You can restore your edited version from History.';

/**
 * The draft's actions: edit and save (learning from the edits or not), regenerate (asking first
 * when the draft holds the user's edits), copy, and the history of earlier versions.
 */
export function DraftToolbar({
  draft,
  numbered,
  editing,
  saving,
  regenerating,
  learn,
  historyOpen,
  onEdit,
  onSave,
  onCancel,
  onLearn,
  onRegenerate,
  onHistory,
}: {
  draft: Draft;
  /** A thread is copied with its posts numbered (or not). */
  numbered: boolean;
  editing: boolean;
  saving: boolean;
  regenerating: boolean;
  learn: boolean;
  historyOpen: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onLearn: (learn: boolean) => void;
  onRegenerate: () => void;
  onHistory: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Draft actions">
      {editing ? (
        <>
          <Button size="sm" disabled={saving} onClick={onSave}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            Save
          </Button>
          <Button variant="outline" size="sm" onClick={onCancel}>
            <X aria-hidden="true" /> Cancel
          </Button>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={learn}
              onChange={(e) => onLearn(e.target.checked)}
              className="size-4 accent-primary"
            />
            Learn from my edits
          </label>
        </>
      ) : (
        <>
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={regenerating}
            onClick={() => (draft.edited ? setConfirming(true) : onRegenerate())}
          >
            <RefreshCw aria-hidden="true" /> Regenerate
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(await fetchDraftText(draft.id, numbered));
                setCopied(true);
                setTimeout(() => setCopied(false), 2000);
              } catch {
                errorToast('Failed to copy the draft.');
              }
            }}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}{' '}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </>
      )}
      <Button variant="outline" size="sm" aria-expanded={historyOpen} onClick={onHistory}>
        <History aria-hidden="true" /> History
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{REPLACE_EDITED_TITLE}</DialogTitle>
            <DialogDescription>{REPLACE_EDITED_TEXT}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep my edits
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onRegenerate();
              }}
            >
              <RefreshCw aria-hidden="true" /> Regenerate
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
