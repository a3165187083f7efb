import { Loader2, Trash2 } from 'lucide-react';
import { DELETE_NOTE_CONFIRMATION } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useDeleteNote } from '../api.ts';

/** Asks before deleting a note (and its audio or video). */
export function DeleteNoteDialog({
  note,
  onClose,
  onDeleted,
  returnFocusFallback,
}: {
  note: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
  returnFocusFallback?: () => HTMLElement | null;
}) {
  const remove = useDeleteNote();
  return (
    <Dialog open={!!note} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent returnFocusFallback={returnFocusFallback}>
        <DialogHeader>
          <DialogTitle>Delete “{note?.title}”?</DialogTitle>
          <DialogDescription>{DELETE_NOTE_CONFIRMATION}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (!note) return;
              remove.mutate(note.id, {
                onSuccess: () => {
                  toast({ title: 'Note deleted' });
                  onDeleted(note.id);
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Failed to delete the note',
                    description: errorMessage(error, 'Please try again.'),
                  }),
              });
            }}
          >
            {remove.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Trash2 aria-hidden="true" />
            )}
            Delete note
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
